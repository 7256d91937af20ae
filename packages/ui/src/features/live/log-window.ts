/**
 * The rows a live log shows, as positions over the log's absolute indexes: every entry held, or only those a filter
 * keeps (e.g. one SSE event type). A filtered window is updated incrementally: each entry is tested once, when it
 * first comes into view, so a filter over a fast stream costs the new entries per render, not the whole log.
 */
import type { LiveEntry } from '../../state/live-store.js'

export interface LogWindow {
  /** Rows shown. */
  count: number
  /** Absolute log index of the row at `position` (0 ≤ position < count). */
  indexAt: (position: number) => number
  /** Position of the entry at absolute `index`, or -1 when it is not shown. */
  positionOf: (index: number) => number
}

export function fullWindow(first: number, end: number): LogWindow {
  return {
    count: end - first,
    indexAt: (position) => first + position,
    positionOf: (index) => (index >= first && index < end ? index - first : -1),
  }
}

export interface LogSource<T = LiveEntry> {
  first: number
  end: number
  at: (index: number) => T | undefined
}

/** Keeps the indexes a predicate accepts as the log grows and its oldest entries are evicted. */
export interface FilteredWindow<T = LiveEntry> {
  /**
   * The window over `source[first, until)` for `predicate` (`until` defaults to the end; a paused log stops earlier);
   * `key` names the predicate (a new key rescans).
   */
  update: (source: LogSource<T>, key: string, predicate: (entry: T) => boolean, until?: number) => LogWindow
}

export function createFilteredWindow(): FilteredWindow {
  return createFilteredWindowOf<LiveEntry>()
}

/** The same over any ring of entries (the console's). */
export function createFilteredWindowOf<T>(): FilteredWindow<T> {
  let key: string | undefined
  let source: LogSource<T> | undefined
  let indexes: number[] = []
  /** Indexes before this offset were evicted from the log (dropped lazily, without shifting the array). */
  let head = 0
  let scanned = 0
  return {
    update(next, nextKey, predicate, until = next.end) {
      const end = Math.min(until, next.end)
      if (nextKey !== key || next !== source || next.first > scanned || end < scanned) {
        key = nextKey
        source = next
        indexes = []
        head = 0
        scanned = next.first
      }
      for (; scanned < end; scanned++) {
        const entry = next.at(scanned)
        if (entry && predicate(entry)) indexes.push(scanned)
      }
      while (head < indexes.length && (indexes[head] ?? 0) < next.first) head++
      if (head > 4096 && head * 2 > indexes.length) {
        indexes = indexes.slice(head)
        head = 0
      }
      const shown = indexes
      const offset = head
      return {
        count: shown.length - offset,
        indexAt: (position) => shown[offset + position] ?? -1,
        positionOf: (index) => {
          let low = offset
          let high = shown.length - 1
          while (low <= high) {
            const middle = (low + high) >> 1
            const value = shown[middle] ?? 0
            if (value === index) return middle - offset
            if (value < index) low = middle + 1
            else high = middle - 1
          }
          return -1
        },
      }
    },
  }
}

/** The SSE event type of an entry (`message` when an event carried none); undefined for other entries. */
export function eventTypeOf(entry: LiveEntry): string | undefined {
  if (entry.direction !== 'in' || entry.kind !== 'message') return undefined
  // A reconnect, or a SignalR connection state, is the connection's own news, not an event or a hub message.
  if (entry.meta?.kind === 'reconnect' || entry.meta?.kind === 'state') return undefined
  const meta = entry.meta
  // SSE names events; SignalR names the client method a hub invocation calls, else what kind of message it is.
  if (typeof meta?.event === 'string') return meta.event
  if (typeof meta?.target === 'string') return meta.target
  return typeof meta?.kind === 'string' ? meta.kind : 'message'
}

/** Event types seen in a log, gathered once per entry (for the filter's choices). */
export function createEventTypeIndex(): { update: (source: LogSource) => readonly string[] } {
  let source: LogSource | undefined
  let scanned = 0
  let names: string[] = []
  const seen = new Set<string>()
  return {
    update(next) {
      if (next !== source || next.end < scanned) {
        source = next
        scanned = next.first
        names = []
        seen.clear()
      }
      scanned = Math.max(scanned, next.first)
      let changed = false
      for (; scanned < next.end; scanned++) {
        const entry = next.at(scanned)
        const name = entry?.direction === 'in' && entry.meta ? eventTypeOf(entry) : undefined
        if (name !== undefined && !seen.has(name)) {
          seen.add(name)
          changed = true
        }
      }
      if (changed) names = [...seen].sort()
      return names
    },
  }
}
