/**
 * A virtualized, collapsible JSON tree: multi-megabyte responses render only the rows in view. Long strings can be
 * wrapped and read whole, and a filter (Ctrl+F in the response pane) keeps the keys and values containing a text,
 * with the path to each, marked.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { Icon } from '../Icon.js'
import { filterJson } from './json-filter.js'
import { idSegments } from './json-nodes.js'
import { allContainerIds, flattenJson, initialExpansion } from './json-rows.js'
import { JsonRowView } from './JsonRowView.js'

const ROW_HEIGHT = 20

export interface JsonTreeProps {
  value: unknown
  label: string
  /** Bumped by the pane's Ctrl+F: the filter box takes the focus. */
  findRequest?: number
  /** Request chaining: each value row gets a chain action, called with the keys from the root to the value. */
  onChain?: (path: string[]) => void
}

export function JsonTree({ value, label, findRequest = 0, onChain }: JsonTreeProps): ReactElement {
  const [expanded, setExpanded] = useState(() => initialExpansion(value))
  const [isCapped, setCapped] = useState(false)
  const [isWrapped, setWrapped] = useState(false)
  const [query, setQuery] = useState('')
  const [shownValue, setShownValue] = useState(value)
  if (shownValue !== value) {
    // A new body (the same pane re-sent): open it afresh instead of reusing the old body's expansion.
    setShownValue(value)
    setExpanded(initialExpansion(value))
    setCapped(false)
  }
  // Typing stays responsive on a large body: the filter walks the whole value, once per settled query.
  const search = useDeferredValue(query.trim())
  const filter = useMemo(() => (search ? filterJson(value, search) : undefined), [value, search])
  const rows = useMemo(() => flattenJson(value, expanded, filter), [value, expanded, filter])
  const scrollRef = useRef<HTMLDivElement>(null)
  const filterRef = useRef<HTMLInputElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented; its values are read during render only.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => `${isWrapped ? 'w' : 'l'}${rows[index]?.id ?? index}`,
    overscan: 24,
  })

  useEffect(() => {
    if (findRequest === 0) return
    filterRef.current?.focus()
    filterRef.current?.select()
  }, [findRequest])

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <div className={`json-tree${isWrapped ? ' is-wrapped' : ''}`}>
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
        <button
          type="button"
          className="btn btn-ghost"
          aria-pressed={isWrapped}
          title="Show long strings whole, wrapped over several lines"
          onClick={() => setWrapped(!isWrapped)}
        >
          Wrap
        </button>
        <span className="json-filter">
          <Icon name="search" size={12} className="json-filter-icon" />
          <input
            ref={filterRef}
            type="search"
            className="input"
            placeholder="Find (Ctrl+F)"
            aria-label={`Find in ${label.toLowerCase()}`}
            title="Keeps the keys and values containing this text, with the path to each (Escape clears)"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && query) {
                event.preventDefault()
                setQuery('')
              }
            }}
          />
        </span>
        <span className="muted json-tree-count" role="status">
          {filter
            ? `${filter.matches.toLocaleString()} ${filter.matches === 1 ? 'match' : 'matches'}`
            : `${rows.length.toLocaleString()} rows`}
        </span>
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
                key={item.key}
                // Wrapped rows differ in height: each is measured once it is laid out.
                ref={isWrapped ? virtualizer.measureElement : undefined}
                data-index={item.index}
                className="json-row"
                style={{ transform: `translateY(${item.start}px)`, paddingLeft: 8 + row.depth * 16 }}
              >
                <JsonRowView
                  row={row}
                  onToggle={toggle}
                  isWrapped={isWrapped}
                  needle={filter?.needle ?? ''}
                  onShowAll={() => setWrapped(true)}
                  onChain={onChain && ((id) => onChain(idSegments(id)))}
                />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
