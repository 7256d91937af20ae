/** A virtualized, collapsible JSON tree: multi-megabyte responses render only the rows in view. */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef, useState, type ReactElement } from 'react'
import { allContainerIds, flattenJson, initialExpansion, type JsonRow } from './json-rows.js'

const ROW_HEIGHT = 20
const MAX_INLINE_STRING = 400

export interface JsonTreeProps {
  value: unknown
  label: string
}

export function JsonTree({ value, label }: JsonTreeProps): ReactElement {
  const [expanded, setExpanded] = useState(() => initialExpansion(value))
  const [isCapped, setCapped] = useState(false)
  const [shownValue, setShownValue] = useState(value)
  if (shownValue !== value) {
    // A new body (the same pane re-sent): open it afresh instead of reusing the old body's expansion.
    setShownValue(value)
    setExpanded(initialExpansion(value))
    setCapped(false)
  }
  const rows = useMemo(() => flattenJson(value, expanded), [value, expanded])
  const scrollRef = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented; its values are read during render only.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 24,
  })

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <div className="json-tree">
      <div className="json-tree-toolbar">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            const all = allContainerIds(value)
            setExpanded(all.ids)
            setCapped(all.isCapped)
          }}
        >
          Expand all
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setExpanded(new Set())
            setCapped(false)
          }}
        >
          Collapse all
        </button>
        <span className="muted">{rows.length.toLocaleString()} rows</span>
        {isCapped && (
          <span className="muted" title="Expand all stops after 20,000 objects and arrays; open the rest one by one.">
            · first 20,000 containers expanded
          </span>
        )}
      </div>
      <div className="json-tree-scroll" ref={scrollRef} role="tree" aria-label={label}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!
            return (
              <div
                key={row.id}
                className="json-row"
                style={{ transform: `translateY(${item.start}px)`, paddingLeft: 8 + row.depth * 16 }}
              >
                <JsonRowView row={row} onToggle={toggle} />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}

function JsonRowView({ row, onToggle }: { row: JsonRow; onToggle: (id: string) => void }): ReactElement {
  const comma = row.isLast ? '' : ','
  if (row.kind === 'close') {
    return (
      <span>
        <span className="json-toggle-spacer" />
        <span className="json-punct">
          {row.isArray ? ']' : '}'}
          {comma}
        </span>
      </span>
    )
  }
  const key = row.label !== null && <span className="json-key">{JSON.stringify(row.label)}</span>
  if (row.kind === 'leaf') {
    return (
      <span role="treeitem" aria-selected={false}>
        <span className="json-toggle-spacer" />
        {key}
        {key && <span className="json-punct">: </span>}
        <JsonScalar value={row.value} />
        <span className="json-punct">{comma}</span>
      </span>
    )
  }
  const [open, close] = row.isArray ? ['[', ']'] : ['{', '}']
  return (
    <span role="treeitem" aria-expanded={row.isExpanded} aria-selected={false}>
      <button
        type="button"
        className="json-toggle"
        aria-label={row.isExpanded ? 'Collapse' : 'Expand'}
        onClick={() => onToggle(row.id)}
        disabled={row.size === 0}
      >
        {row.size === 0 ? '' : row.isExpanded ? '▾' : '▸'}
      </button>
      {key}
      {key && <span className="json-punct">: </span>}
      <span className="json-punct">{open}</span>
      {!row.isExpanded && (
        <>
          {row.size > 0 && (
            <button type="button" className="json-summary" onClick={() => onToggle(row.id)}>
              {row.size.toLocaleString()}{' '}
              {row.isArray ? (row.size === 1 ? 'item' : 'items') : row.size === 1 ? 'key' : 'keys'}
            </button>
          )}
          <span className="json-punct">
            {close}
            {comma}
          </span>
        </>
      )}
    </span>
  )
}

function JsonScalar({ value }: { value: unknown }): ReactElement {
  if (typeof value === 'string') {
    const shown = value.length > MAX_INLINE_STRING ? `${value.slice(0, MAX_INLINE_STRING)}…` : value
    return (
      <span className="json-string" title={value.length > 60 ? value.slice(0, 4000) : undefined}>
        {JSON.stringify(shown)}
      </span>
    )
  }
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>
  if (typeof value === 'boolean') return <span className="json-bool">{String(value)}</span>
  return <span className="json-null">null</span>
}
