/**
 * The console's rows: a virtualized list over the ring (the live log's windowing: only rows in view are rendered),
 * stuck to the newest entry until the user moves up. Arrow keys select, Enter expands, Escape collapses or closes.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { formatClock } from '../live/live-format.js'
import type { LogWindow } from '../live/log-window.js'
import { tailItems } from '../live/MessageLog.js'
import { maskSecretValues } from '../response/secret-values.js'
import { previewOf, type ConsoleEntry } from './console-entry.js'
import type { ConsoleStore } from './console-store.js'

const ROW_HEIGHT = 24
const STICK_SLACK = 8

export interface ConsoleListProps {
  store: ConsoleStore
  rows: LogWindow
  version: number
  secrets: readonly string[]
  selected: number | null
  isExpanded: boolean
  onSelect: (index: number | null) => void
  /** Flips the expanded view, or sets it. */
  onToggleExpanded: (isExpanded?: boolean) => void
  onEscape: () => void
}

export function ConsoleList(props: ConsoleListProps): ReactElement {
  const { store, rows, version, secrets, selected, isExpanded, onSelect, onToggleExpanded, onEscape } = props
  const count = rows.count
  const selectedPosition = selected === null ? -1 : rows.positionOf(selected)
  const scrollRef = useRef<HTMLDivElement>(null)
  const isStuckRef = useRef(true)
  const [isStuck, setStuck] = useState(true)
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented; its values are read during render only.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const viewport = virtualizer.scrollRect?.height ?? 0
  const items = isStuck && viewport > 0 ? tailItems(count, viewport) : virtualizer.getVirtualItems()

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (element && isStuckRef.current) element.scrollTop = count * ROW_HEIGHT
  }, [count, version, viewport])

  const stick = (value: boolean) => {
    isStuckRef.current = value
    setStuck(value)
  }
  const select = (position: number) => {
    onSelect(rows.indexAt(position))
    if (position === count - 1) stick(true)
    else {
      stick(false)
      virtualizer.scrollToIndex(position, { align: 'auto' })
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Ctrl+Enter sends and Ctrl+` toggles the console: page shortcuts, not the list's.
    if (event.ctrlKey || event.metaKey || event.altKey) return
    const current = selectedPosition >= 0 ? selectedPosition : null
    const last = count - 1
    const move = (position: number) => {
      event.preventDefault()
      if (count > 0) select(Math.min(last, Math.max(0, position)))
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(current === null ? last : current + 1)
      case 'ArrowUp':
        return move(current === null ? last : current - 1)
      case 'PageDown':
        return move((current ?? 0) + 20)
      case 'PageUp':
        return move((current ?? last) - 20)
      case 'Home':
        return move(0)
      case 'End':
        return move(last)
      case 'Enter':
        event.preventDefault()
        // Nothing selected (or the selection was dropped from the ring): the newest entry opens.
        if (current === null) {
          move(last)
          return onToggleExpanded(true)
        }
        return onToggleExpanded()
      case 'Escape':
        event.preventDefault()
        event.stopPropagation()
        return onEscape()
    }
  }

  return (
    <div
      className="console-list"
      ref={scrollRef}
      role="listbox"
      aria-label="Console entries (arrow keys select, Enter expands, Escape closes)"
      tabIndex={0}
      aria-activedescendant={selectedPosition >= 0 ? `console-row-${selected}` : undefined}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-position]')
        if (!row?.dataset.position) return
        const position = Number(row.dataset.position)
        if (rows.indexAt(position) === selected) onToggleExpanded()
        else select(position)
      }}
      onScroll={(event) => {
        const element = event.currentTarget
        const atBottom = element.scrollTop + element.clientHeight >= element.scrollHeight - STICK_SLACK
        if (atBottom !== isStuckRef.current) stick(atBottom)
      }}
    >
      <div style={{ height: count * ROW_HEIGHT, position: 'relative' }}>
        {items.map((item, slot) => {
          const index = rows.indexAt(item.index)
          const entry = store.ring.at(index)
          if (!entry) return null
          return (
            <ConsoleRow
              // Keyed by slot: a burst replaces every visible row, updating rows in place is cheaper.
              key={slot}
              entry={entry}
              position={item.index}
              start={item.start}
              secrets={secrets}
              isSelected={index === selected}
              isExpanded={isExpanded && index === selected}
            />
          )
        })}
      </div>
    </div>
  )
}

interface ConsoleRowProps {
  entry: ConsoleEntry
  position: number
  start: number
  secrets: readonly string[]
  isSelected: boolean
  isExpanded: boolean
}

const ConsoleRow = memo(function ConsoleRow(props: ConsoleRowProps): ReactElement {
  const { entry, position, start, secrets, isSelected, isExpanded } = props
  return (
    <div
      id={isSelected ? `console-row-${entry.index}` : undefined}
      className={`console-row is-${entry.kind}${isSelected ? ' is-selected' : ''}`}
      role="option"
      aria-selected={isSelected}
      aria-expanded={isSelected ? isExpanded : undefined}
      data-position={position}
      data-kind={entry.kind}
      style={{ transform: `translateY(${start}px)` }}
    >
      <span className="console-time mono">{formatClock(entry.at)}</span>
      <span className={`console-kind is-${entry.kind}`}>{entry.kind}</span>
      <span className="console-protocol">{entry.protocol}</span>
      <span className="console-method mono" title={entry.method}>
        {entry.method}
      </span>
      {entry.status !== undefined && <span className="console-status mono">{entry.status}</span>}
      {entry.durationMs !== undefined && <span className="console-duration mono">{formatMs(entry.durationMs)}</span>}
      <span className="console-preview mono">{maskSecretValues(previewOf(entry), secrets)}</span>
    </div>
  )
})

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}
