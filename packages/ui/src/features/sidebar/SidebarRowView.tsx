/** One row of the sidebar tree: an origin header, a service header, or a method with its badge. */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { MethodBadge } from '../../components/MethodBadge.js'
import { protocolUi } from '../../protocols/registry.js'
import { methodRowLabel, splitLabelTail, type SidebarRow } from './sidebar-rows.js'
import { rowLevel } from './tree-navigation.js'

export interface SidebarRowViewProps {
  row: SidebarRow
  isSelected: boolean
  /** The one row the Tab key reaches; the others are reached with the arrow keys. */
  isTabStop: boolean
  /** The search terms, highlighted in a summary the search matched. */
  terms: readonly string[]
  onToggle: (id: string) => void
  onSelect: (key: string) => void
}

export function SidebarRowView(props: SidebarRowViewProps): ReactElement {
  const { row, isSelected, isTabStop, terms, onToggle, onSelect } = props
  const treeItem = {
    role: 'treeitem',
    tabIndex: isTabStop ? 0 : -1,
    'aria-level': rowLevel(row),
    'data-row-id': row.id,
  } as const
  if (row.kind === 'origin') {
    return (
      <div
        {...treeItem}
        className="sb-row sb-origin"
        aria-expanded={!row.isCollapsed}
        onClick={() => onToggle(row.id)}
        title={row.origin}
      >
        <Icon name={row.isCollapsed ? 'chevronRight' : 'chevronDown'} size={13} />
        <Icon name={row.isUploaded ? 'file' : 'globe'} size={13} className="sb-origin-icon" />
        <span className="sb-origin-name mono">{row.origin.replace(/^[a-z]+@/, '').replace(/^https?:\/\//, '')}</span>
        <span className="sb-count">{row.count}</span>
      </div>
    )
  }
  if (row.kind === 'service') {
    return (
      <div
        {...treeItem}
        className="sb-row sb-service"
        aria-expanded={!row.isCollapsed}
        onClick={() => onToggle(row.id)}
        title={row.service.description ?? row.service.name}
      >
        <Icon name={row.isCollapsed ? 'chevronRight' : 'chevronDown'} size={12} />
        <span className="sb-service-name">{row.service.name}</span>
        <span className="sb-count">{row.count}</span>
      </div>
    )
  }
  const { method, service } = row.ref
  const badge = protocolUi(service.protocol).badge(method)
  const label = methodRowLabel(row.ref)
  const { head, tail } = splitLabelTail(label)
  const tooltip = [label, label === method.name ? undefined : method.name, method.summary]
    .filter(Boolean)
    .join('\n')
    .concat(method.deprecated ? '\nDeprecated' : '')
  return (
    <div
      {...treeItem}
      className={`sb-row sb-method${method.deprecated ? ' is-deprecated' : ''}${row.summaryHit ? ' has-summary' : ''}`}
      aria-selected={isSelected}
      aria-current={isSelected || undefined}
      data-method={method.name}
      data-origin={row.ref.origin}
      title={tooltip}
      onClick={() => onSelect(row.ref.key)}
    >
      <MethodBadge label={badge.label} tone={badge.tone} />
      <span className="sb-method-text">
        <span className="sb-method-label mono">
          <span className="sb-label-head">{head}</span>
          {tail && <span className="sb-label-tail">{tail}</span>}
        </span>
        {row.summaryHit && (
          <span className="sb-summary">
            <Highlighted text={row.summaryHit} terms={terms} />
          </span>
        )}
      </span>
      {method.deprecated && (
        <span className="tag tag-warn sb-depr" title="Deprecated">
          DEPR
        </span>
      )}
    </div>
  )
}

/** `text` with every occurrence of the terms marked (case-insensitive). */
function Highlighted({ text, terms }: { text: string; terms: readonly string[] }): ReactElement {
  const lower = text.toLowerCase()
  const marks: boolean[] = Array.from({ length: text.length }, () => false)
  for (const term of terms) {
    for (let at = lower.indexOf(term); at >= 0 && term; at = lower.indexOf(term, at + term.length)) {
      for (let i = at; i < at + term.length; i++) marks[i] = true
    }
  }
  const parts: ReactElement[] = []
  let start = 0
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marks[i] !== marks[start]) {
      const piece = text.slice(start, i)
      parts.push(marks[start] ? <mark key={start}>{piece}</mark> : <span key={start}>{piece}</span>)
      start = i
    }
  }
  return <>{parts}</>
}
