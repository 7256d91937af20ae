/**
 * The live log's text filter: which entries contain what the user typed. An entry is searched whole (the full JSON of
 * a message, not its cut preview), with what its chips show (SSE event name and id, WebSocket opcode) and, for
 * headers and trailers, every `name: value` pair. The text is built once per entry and cached, so a filter over a
 * fast stream costs each new entry one stringify, and a changed query only a substring test per entry.
 */
import type { LiveEntry } from '../../state/live-store.js'
import { rowViewOf, type LiveFlavor } from './live-row-view.js'

const texts = new WeakMap<LiveEntry, string>()

function fullText(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return ''
  }
}

/** The lower-case text an entry is searched in. */
export function searchTextOf(entry: LiveEntry, flavor: LiveFlavor = 'other'): string {
  let text = texts.get(entry)
  if (text !== undefined) return text
  const parts: string[] = []
  if (entry.kind === 'headers' || entry.kind === 'trailers') {
    parts.push(entry.kind)
    for (const [name, value] of Object.entries((entry.data ?? {}) as Record<string, string>)) {
      parts.push(`${name}: ${value}`)
    }
  } else if (entry.direction === 'in' && entry.binary !== undefined) {
    // Binary frames are found by the hex their row shows (their first bytes).
    parts.push(rowViewOf(entry, flavor).preview)
  } else {
    parts.push(fullText(entry.data))
  }
  // What the row's chips show (SSE event, id and retry, WebSocket opcode, transport), read from the frame's meta
  // directly: building the row view of every entry would cost a second stringify per message.
  if (entry.direction === 'in' && entry.meta) {
    for (const value of Object.values(entry.meta)) {
      if (typeof value === 'string' || typeof value === 'number') parts.push(String(value))
    }
  }
  text = parts.join('\n').toLowerCase()
  texts.set(entry, text)
  return text
}

/**
 * A test for entries containing `query` (case-insensitive). Messages are stored as compact JSON while the inspector
 * shows `"key": value`, so a query copied from either finds the same entries.
 */
export function createMessageMatcher(query: string, flavor: LiveFlavor = 'other'): (entry: LiveEntry) => boolean {
  const needle = query.trim().toLowerCase()
  const compact = needle.replace(/"\s*:\s*/g, '":').replace(/,\s+(?=["{[\d-]|true|false|null)/g, ',')
  if (compact === needle) return (entry) => searchTextOf(entry, flavor).includes(needle)
  return (entry) => {
    const text = searchTextOf(entry, flavor)
    return text.includes(needle) || text.includes(compact)
  }
}
