/**
 * The live message log: a virtualized list of sent and received entries that sticks to the bottom while new ones
 * arrive (until the user scrolls up), with a status row at the end. Arrow keys move the selection, Space pauses.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import type { LiveCallState, LiveEntry } from '../../state/live-store.js'
import { formatClock } from './live-format.js'
import { rowViewOf, type LiveFlavor } from './live-row-view.js'
import type { LiveOutcomeKind } from './live-status.js'
import { LiveStatusRow } from './LiveStatusRow.js'
import type { LogWindow } from './log-window.js'

const ROW_HEIGHT = 24
/** How close to the bottom (px) still counts as "at the bottom". */
const STICK_SLACK = 8

export interface MessageLogProps {
  call: LiveCallState
  /** Absolute log index of the selected entry. */
  selected: number | null
  onSelect: (index: number | null) => void
  onTogglePause: () => void
  /** The rows shown (all held entries up to the pause point, or a filtered subset). */
  window: LogWindow
  flavor?: LiveFlavor
  kind: LiveOutcomeKind
}

/** The absolute index range the log shows: everything held, or up to the pause point while paused. */
export function visibleRange(call: LiveCallState): { first: number; end: number } {
  const first = call.log.first
  const end = call.isPaused && call.pausedEnd !== undefined ? Math.min(call.pausedEnd, call.log.end) : call.log.end
  return { first, end: Math.max(first, end) }
}

export function MessageLog(props: MessageLogProps): ReactElement {
  const { call, kind, selected, onSelect, onTogglePause, window: rows, flavor = 'other' } = props
  const count = rows.count
  const selectedPosition = selected === null ? -1 : rows.positionOf(selected)
  const scrollRef = useRef<HTMLDivElement>(null)
  const isStuckRef = useRef(true)
  const [isStuck, setStuck] = useState(true)
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented; its values are read during render only.
  const virtualizer = useVirtualizer({
    count: count + 1,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const viewport = virtualizer.scrollRect?.height ?? 0
  // Previews are cut to a little more than the row can show: laying out text costs the most per frame at high rates.
  const previewChars = previewCharsFor(virtualizer.scrollRect?.width ?? 1600)
  // While stuck to the bottom the rows on screen are known before the scroll happens: render them directly, so a
  // batch of frames costs one render and one layout (the virtualizer would first render the previous window).
  const items = isStuck && viewport > 0 ? tailItems(count + 1, viewport) : virtualizer.getVirtualItems()
  // "Latest" only where there is somewhere to jump to: selecting a row unsticks the log even when it all fits.
  const hasOverflow = (count + 1) * ROW_HEIGHT > viewport + STICK_SLACK

  useLayoutEffect(() => {
    const element = scrollRef.current
    // A write without a read: the content height is known (fixed rows), and the browser clamps the offset. Also on a
    // new viewport height (a resize, the inspector opening): the tail rows drawn above are sized to it.
    if (element && isStuckRef.current) element.scrollTop = (count + 1) * ROW_HEIGHT
  }, [count, call.version, call.status, viewport])

  const stick = (value: boolean) => {
    isStuckRef.current = value
    setStuck(value)
  }

  const select = (position: number | null) => {
    if (position === null) return onSelect(null)
    onSelect(rows.indexAt(position))
    if (position === count - 1) stick(true)
    else {
      stick(false)
      virtualizer.scrollToIndex(position, { align: 'auto' })
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
      case 'Escape':
        event.preventDefault()
        return onSelect(null)
      case ' ':
        event.preventDefault()
        return onTogglePause()
    }
  }

  return (
    <div className="live-log">
      <div
        className="live-log-scroll"
        ref={scrollRef}
        role="listbox"
        aria-label="Messages (arrow keys select, Space pauses)"
        tabIndex={0}
        aria-activedescendant={selectedPosition >= 0 ? `live-row-${selected}` : undefined}
        onKeyDown={onKeyDown}
        onClick={(event: MouseEvent<HTMLDivElement>) => {
          // One handler for every row (rows stay memoized: no per-row closures).
          const row = (event.target as HTMLElement).closest<HTMLElement>('[data-position]')
          if (row?.dataset.position) select(Number(row.dataset.position))
        }}
        onScroll={(event) => {
          const element = event.currentTarget
          const atBottom = element.scrollTop + element.clientHeight >= element.scrollHeight - STICK_SLACK
          if (atBottom !== isStuckRef.current) stick(atBottom)
        }}
      >
        <div style={{ height: (count + 1) * ROW_HEIGHT, position: 'relative' }}>
          {items.map((item, slot) => {
            if (item.index === count) {
              return (
                <div
                  key="status"
                  className="live-row live-row-status"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <LiveStatusRow call={call} kind={kind} />
                </div>
              )
            }
            const index = rows.indexAt(item.index)
            const entry = call.log.at(index)
            if (!entry) return null
            return (
              <LogRow
                // Keyed by slot: a fast stream replaces every visible row each frame, and updating rows in place
                // is cheaper than removing and creating them.
                key={slot}
                index={index}
                position={item.index}
                entry={entry}
                flavor={flavor}
                outcome={entry.direction === 'out' ? entry.outcome : undefined}
                isSelected={index === selected}
                start={item.start}
                previewChars={previewChars}
              />
            )
          })}
        </div>
      </div>
      {!isStuck && count > 0 && hasOverflow && (
        <button
          type="button"
          className="btn live-jump"
          onClick={() => {
            stick(true)
            const element = scrollRef.current
            if (element) element.scrollTop = element.scrollHeight
          }}
        >
          <Icon name="chevronDown" size={14} /> Latest
        </button>
      )}
    </div>
  )
}

/** Room left of the preview at the least: padding, arrow and sequence with their gaps (narrow screens hide the clock). */
const PREVIEW_OFFSET_PX = 96
/** Narrower than any common monospace character at the log's 12.5 px (Consolas: 6.9 px), so nothing visible is cut. */
const MIN_CHAR_PX = 6.5

/** How many preview characters a row of `width` px can show, rounded up (the text ellipsis hides the rest). */
export function previewCharsFor(width: number): number {
  return Math.max(40, Math.ceil((width - PREVIEW_OFFSET_PX) / MIN_CHAR_PX))
}

/** The last rows of a list of `total` fixed-height rows that fill a viewport of `height` px, with one row to spare. */
export function tailItems(total: number, height: number): Array<{ index: number; start: number }> {
  const shown = Math.min(total, Math.ceil(height / ROW_HEIGHT) + 1)
  return Array.from({ length: shown }, (_, i) => {
    const index = total - shown + i
    return { index, start: index * ROW_HEIGHT }
  })
}

interface LogRowProps {
  index: number
  /** The row's place in the window (differs from the index when a filter hides entries). */
  position: number
  entry: LiveEntry
  flavor: LiveFlavor
  /** Passed on its own so a sent entry re-renders when the server answers (the entry object is updated in place). */
  outcome: string | undefined
  isSelected: boolean
  start: number
  previewChars: number
}

/** One log row; memoized so a new batch of frames re-renders only the rows that changed or moved. */
const LogRow = memo(function LogRow(props: LogRowProps): ReactElement {
  const { index, position, entry, flavor, isSelected, start, previewChars } = props
  const isOut = entry.direction === 'out'
  const kindClass = entry.kind === 'message' ? '' : ' is-meta'
  // Computed once per entry (cached): a fast stream pays for the text and chips once, not on every render.
  const view = rowViewOf(entry, flavor)
  return (
    // The direction arrow is drawn by CSS (::before): fewer nodes to lay out per row and frame.
    <div
      id={isSelected ? `live-row-${index}` : undefined}
      className={`live-row ${isOut ? 'is-out' : 'is-in'}${kindClass}${view.variant}${isSelected ? ' is-selected' : ''}`}
      role="option"
      aria-selected={isSelected}
      title={isOut ? 'Sent' : 'Received'}
      data-position={position}
      data-seq={isOut ? undefined : entry.seq}
      style={{ transform: `translateY(${start}px)` }}
    >
      <span className="live-seq mono">{isOut ? `→${entry.ref}` : `#${entry.seq}`}</span>
      <span className="live-time mono">{formatClock(entry.at)}</span>
      {entry.kind !== 'message' && <span className="tag tag-neutral live-kind">{entry.kind}</span>}
      {view.chips.map((chip, i) => (
        // Keyed by place: a slot's row shows a new entry every frame, and its chips are updated in place.
        <span key={i} className={`live-chip is-${chip.tone}`} title={chip.title}>
          {chip.text}
        </span>
      ))}
      <span className="live-preview mono">{view.preview.slice(0, previewChars)}</span>
      {isOut && <span className={`live-outcome is-${entry.outcome}`}>{outcomeLabel[entry.outcome]}</span>}
    </div>
  )
})

const outcomeLabel = { pending: 'sending', accepted: 'sent', refused: 'refused' } as const
