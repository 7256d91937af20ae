/**
 * The library of saved WebSocket messages of one channel (its origin URL), persisted in localStorage under a versioned
 * key. Loading validates every entry: a record or entry that does not read is moved aside under another key and
 * reported, never silently dropped, so the user can recover it.
 */

export type SavedMessageKind = 'text' | 'json' | 'binary' | 'ping'

export interface SavedMessage {
  id: string
  name: string
  kind: SavedMessageKind
  /** The text, JSON text, base64 bytes or ping payload, as typed. */
  payload: string
  savedAt: number
}

/** The key-value storage the library lives in (window.localStorage in the page). */
export interface KeyValueStorage {
  getItem: (key: string) => string | null
  setItem: (key: string, value: string) => void
}

export const SAVED_MESSAGES_VERSION = 1
/** Saved messages per channel at most (each at most `MAX_PAYLOAD_CHARS`): localStorage holds a few MB per origin. */
export const MAX_SAVED_MESSAGES = 200
export const MAX_PAYLOAD_CHARS = 256 * 1024
export const MAX_NAME_CHARS = 120

const kinds: readonly SavedMessageKind[] = ['text', 'json', 'binary', 'ping']

export function savedMessagesKey(channel: string): string {
  return `wirebench.savedMessages.v${SAVED_MESSAGES_VERSION}:${channel}`
}

/** Where records and entries that did not read are kept (a JSON array of `{ keptAt, reason, raw }`). */
export function asideKey(channel: string): string {
  return `wirebench.savedMessages.unreadable:${channel}`
}

export function isSavedMessage(value: unknown): value is SavedMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const m = value as Partial<SavedMessage>
  return (
    typeof m.id === 'string' &&
    m.id.length > 0 &&
    typeof m.name === 'string' &&
    m.name.length <= MAX_NAME_CHARS &&
    kinds.includes(m.kind as SavedMessageKind) &&
    typeof m.payload === 'string' &&
    m.payload.length <= MAX_PAYLOAD_CHARS &&
    typeof m.savedAt === 'number' &&
    Number.isFinite(m.savedAt)
  )
}

export interface ParsedLibrary {
  messages: SavedMessage[]
  /** Raw JSON of each entry (or the whole record) that did not read, with why. */
  unreadable: Array<{ reason: string; raw: string }>
}

/** Reads a stored record: `{ version: 1, messages: [...] }`. */
export function parseLibrary(raw: string | null): ParsedLibrary {
  if (raw === null || raw === '') return { messages: [], unreadable: [] }
  let record: unknown
  try {
    record = JSON.parse(raw)
  } catch {
    return { messages: [], unreadable: [{ reason: 'not JSON', raw }] }
  }
  const envelope = record as { version?: unknown; messages?: unknown }
  if (typeof record !== 'object' || record === null || !Array.isArray(envelope.messages)) {
    return { messages: [], unreadable: [{ reason: 'not a saved-messages record', raw }] }
  }
  if (envelope.version !== SAVED_MESSAGES_VERSION) {
    return { messages: [], unreadable: [{ reason: `unknown version ${JSON.stringify(envelope.version)}`, raw }] }
  }
  const messages: SavedMessage[] = []
  const unreadable: ParsedLibrary['unreadable'] = []
  const ids = new Set<string>()
  for (const entry of envelope.messages) {
    if (isSavedMessage(entry) && !ids.has(entry.id)) {
      ids.add(entry.id)
      messages.push({
        id: entry.id,
        name: entry.name,
        kind: entry.kind,
        payload: entry.payload,
        savedAt: entry.savedAt,
      })
    } else {
      unreadable.push({
        reason: isSavedMessage(entry) ? 'duplicate id' : 'not a valid saved message',
        raw: JSON.stringify(entry),
      })
    }
  }
  return { messages, unreadable }
}

export interface LoadedLibrary {
  messages: SavedMessage[]
  /** Set when something did not read: what happened and where it was kept. */
  notice?: string
}

/**
 * Loads a channel's library. Unreadable parts are appended to the aside key and the record is rewritten with the
 * entries that read, so the notice shows once per problem, not on every load.
 */
export function loadLibrary(storage: KeyValueStorage, channel: string, now = Date.now()): LoadedLibrary {
  const key = savedMessagesKey(channel)
  const { messages, unreadable } = parseLibrary(storage.getItem(key))
  if (unreadable.length === 0) return { messages }
  const kept = readAside(storage, channel)
  kept.push(...unreadable.map((item) => ({ keptAt: now, ...item })))
  try {
    storage.setItem(asideKey(channel), JSON.stringify(kept))
  } catch {
    // Could not keep them aside (quota): leave the original record untouched so nothing is lost.
    return {
      messages,
      notice: `${describe(unreadable.length)} could not be read and were left in place (storage is full).`,
    }
  }
  writeLibrary(storage, channel, messages)
  return {
    messages,
    notice: `${describe(unreadable.length)} could not be read; kept aside in localStorage under "${asideKey(channel)}".`,
  }
}

const describe = (count: number) => (count === 1 ? 'A saved message record' : `${count} saved message records`)

function readAside(storage: KeyValueStorage, channel: string): unknown[] {
  const raw = storage.getItem(asideKey(channel))
  if (!raw) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed : [{ keptAt: 0, reason: 'earlier aside record', raw }]
  } catch {
    return [{ keptAt: 0, reason: 'earlier aside record', raw }]
  }
}

/** Writes the library; false when storage refused it (quota, disabled). */
export function writeLibrary(storage: KeyValueStorage, channel: string, messages: readonly SavedMessage[]): boolean {
  try {
    storage.setItem(savedMessagesKey(channel), JSON.stringify({ version: SAVED_MESSAGES_VERSION, messages }))
    return true
  } catch {
    return false
  }
}

/** A new saved message, or a WorkbenchError-style message saying what is wrong with it. */
export function newSavedMessage(
  input: { name: string; kind: SavedMessageKind; payload: string },
  existing: readonly SavedMessage[],
  now = Date.now(),
): SavedMessage | string {
  const name = input.name.trim()
  if (!name) return 'Give the message a name.'
  if (name.length > MAX_NAME_CHARS) return `Names are at most ${MAX_NAME_CHARS} characters.`
  if (input.payload.length > MAX_PAYLOAD_CHARS) return `Saved messages are at most ${MAX_PAYLOAD_CHARS / 1024} KB.`
  if (existing.length >= MAX_SAVED_MESSAGES)
    return `The library holds at most ${MAX_SAVED_MESSAGES} messages: delete some first.`
  let id = `m${now.toString(36)}`
  for (let n = 1; existing.some((m) => m.id === id); n++) id = `m${now.toString(36)}-${n}`
  return { id, name, kind: input.kind, payload: input.payload, savedAt: now }
}
