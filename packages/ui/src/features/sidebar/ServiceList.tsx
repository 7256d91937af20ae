/** The virtualized list of origins, services and methods: thousands of operations keep a few dozen rows in the DOM. */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { useCatalog } from '../../state/useCatalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { buildSidebarRows, searchTerms } from './sidebar-rows.js'
import { SidebarRowView } from './SidebarRowView.js'
import { tabStopIndex } from './tree-navigation.js'
import { useTreeKeyboard } from './useTreeKeyboard.js'

const ROW_HEIGHT = { origin: 32, service: 28, method: 28 } as const
/** A method row that shows the summary a search matched, on a second line. */
const SUMMARY_ROW_HEIGHT = 44

export function ServiceList(): ReactElement {
  const { selection } = useWorkbench()
  const catalog = useCatalog()
  const query = useStore(selection, (s) => s.query)
  const collapsed = useStore(selection, (s) => s.collapsed)
  const selectedKey = useStore(selection, (s) => s.selectedKey)
  const rows = useMemo(() => buildSidebarRows(catalog, query, collapsed), [catalog, query, collapsed])
  const terms = useMemo(() => searchTerms(query), [query])
  const resultsRequest = useStore(selection, (s) => s.resultsRequest)
  const scrollRef = useRef<HTMLDivElement>(null)
  const [activeId, setActiveId] = useState<string | null>(null)
  const tabStop = tabStopIndex(rows, activeId, selectedKey)
  // The tab-stop row stays rendered even when scrolled away, so Tab can always reach the list and focus is never lost.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (tabStop >= rows.length || indexes.includes(tabStop)) return indexes
      return [...indexes, tabStop].sort((a, b) => a - b)
    },
    [tabStop, rows.length],
  )
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented; its values are read during render only.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index]
      return row?.kind === 'method' && row.summaryHit ? SUMMARY_ROW_HEIGHT : ROW_HEIGHT[row?.kind ?? 'method']
    },
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
    rangeExtractor,
  })
  const keyboard = useTreeKeyboard({
    rows,
    virtualizer,
    scrollRef,
    setActiveId,
    onToggle: (id) => selection.getState().toggleCollapsed(id),
    onOpen: (key) => selection.getState().select(key),
    onLeaveTop: () => selection.getState().requestSearchFocus(),
  })

  // The search box's ArrowDown moves into the results, its Enter opens the first one.
  useEffect(() => {
    if (!resultsRequest) return
    selection.getState().clearResultsRequest()
    const index = rows.findIndex((row) => row.kind === 'method')
    const first = rows[index]
    if (!first) return
    if (resultsRequest === 'open') selection.getState().select(first.id)
    else keyboard.focusRow(index)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- acts once per request, on the rows shown at that moment.
  }, [resultsRequest])

  // Bring the open method back into view when it changes or when a search is cleared.
  const isSearching = query.trim() !== ''
  useEffect(() => {
    if (isSearching || !selectedKey) return
    const index = rows.findIndex((row) => row.id === selectedKey)
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on selection or search changes, not on every list rebuild.
  }, [selectedKey, isSearching])

  if (catalog.operationCount === 0) {
    return (
      <div className="empty-state sb-empty">
        <h2>No services yet</h2>
        <p>Add a URL above, or drop an OpenAPI document on the Schema Files tab.</p>
      </div>
    )
  }
  if (rows.length === 0) {
    return (
      <div className="empty-state sb-empty">
        <h2>No matches</h2>
        <p>Nothing matches “{query}”. Press Escape to clear the search.</p>
      </div>
    )
  }

  return (
    <div
      className="sb-scroll"
      ref={scrollRef}
      role="tree"
      aria-label="Services"
      data-row-count={rows.length}
      onKeyDown={keyboard.onKeyDown}
      onFocus={keyboard.onFocus}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!
          return (
            <div
              key={item.key}
              className="sb-row-slot"
              style={{ transform: `translateY(${item.start}px)`, height: item.size }}
            >
              <SidebarRowView
                row={row}
                isSelected={row.kind === 'method' && row.id === selectedKey}
                isTabStop={item.index === tabStop}
                terms={terms}
                onToggle={(id) => selection.getState().toggleCollapsed(id)}
                onSelect={(key) => selection.getState().select(key)}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}
