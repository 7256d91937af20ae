/** One row of the sidebar: an origin header, a service header, or a method with its badge. */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { MethodBadge } from '../../components/MethodBadge.js'
import { protocolUi } from '../../protocols/registry.js'
import { methodRowLabel, splitLabelTail, type SidebarRow } from './sidebar-rows.js'

export interface SidebarRowViewProps {
  row: SidebarRow
  isSelected: boolean
  onToggle: (id: string) => void
  onSelect: (key: string) => void
}

export function SidebarRowView({ row, isSelected, onToggle, onSelect }: SidebarRowViewProps): ReactElement {
  if (row.kind === 'origin') {
    return (
      <button
        type="button"
        className="sb-row sb-origin"
        aria-expanded={!row.isCollapsed}
        onClick={() => onToggle(row.id)}
        title={row.origin}
      >
        <Icon name={row.isCollapsed ? 'chevronRight' : 'chevronDown'} size={13} />
        <Icon name={row.isUploaded ? 'file' : 'globe'} size={13} className="sb-origin-icon" />
        <span className="sb-origin-name mono">{row.origin.replace(/^[a-z]+@/, '').replace(/^https?:\/\//, '')}</span>
        <span className="sb-count">{row.count}</span>
      </button>
    )
  }
  if (row.kind === 'service') {
    return (
      <button
        type="button"
        className="sb-row sb-service"
        aria-expanded={!row.isCollapsed}
        onClick={() => onToggle(row.id)}
        title={row.service.description ?? row.service.name}
      >
        <Icon name={row.isCollapsed ? 'chevronRight' : 'chevronDown'} size={12} />
        <span className="sb-service-name">{row.service.name}</span>
        <span className="sb-count">{row.count}</span>
      </button>
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
    <button
      type="button"
      className={`sb-row sb-method${method.deprecated ? ' is-deprecated' : ''}`}
      aria-current={isSelected || undefined}
      data-method={method.name}
      data-origin={row.ref.origin}
      title={tooltip}
      onClick={() => onSelect(row.ref.key)}
    >
      <MethodBadge label={badge.label} tone={badge.tone} />
      <span className="sb-method-label mono">
        <span className="sb-label-head">{head}</span>
        {tail && <span className="sb-label-tail">{tail}</span>}
      </span>
      {method.deprecated && (
        <span className="tag tag-warn sb-depr" title="Deprecated">
          DEPR
        </span>
      )}
    </button>
  )
}
