/**
 * The WebSocket composer's kinds and the channel messages they become: text `{ text }`, JSON (validated, sent as the
 * text frame it is), binary `{ binary }` (base64) and ping `{ ping }`; and the close a Disconnect sends.
 */
import { isBase64Text } from '../../features/live/hexdump.js'
import type { HeaderRow } from '../../state/drafts-store.js'
import type { SavedMessageKind } from '../../state/saved-messages.js'

export type WsKind = SavedMessageKind

export const wsKinds: ReadonlyArray<{ id: WsKind; label: string }> = [
  { id: 'text', label: 'Text' },
  { id: 'json', label: 'JSON' },
  { id: 'binary', label: 'Binary' },
  { id: 'ping', label: 'Ping' },
]

export type WsFrameMessage = { text: string } | { binary: string } | { ping: string }

/** The message to send, or what is wrong with the payload. */
export function buildWsMessage(kind: WsKind, payload: string): { message: WsFrameMessage } | { error: string } {
  switch (kind) {
    case 'text':
      return { message: { text: payload } }
    case 'json': {
      const problem = jsonProblem(payload)
      return problem ? { error: problem } : { message: { text: payload } }
    }
    case 'binary': {
      const base64 = payload.replace(/\s+/g, '')
      if (!isBase64Text(base64)) return { error: 'Binary frames take base64 (e.g. aGVsbG8=): type it or read a file.' }
      return { message: { binary: base64 } }
    }
    case 'ping':
      if (new TextEncoder().encode(payload).length > 125) return { error: 'A ping payload is at most 125 bytes.' }
      return { message: { ping: payload } }
  }
}

/** Null when `text` is JSON, else the parser's complaint. */
export function jsonProblem(text: string): string | null {
  if (!text.trim()) return 'Type a JSON value.'
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`
  }
}

/** The JSON re-indented with two spaces, or the text unchanged when it does not parse. */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** The `close` message of a Disconnect: code 1000 or 3000–4999 (RFC 6455 reserves the others), reason ≤ 123 bytes. */
export function buildClose(
  codeText: string,
  reason: string,
): { message: { close: { code: number; reason?: string } } } | { error: string } {
  const code = codeText.trim() === '' ? 1000 : Number(codeText)
  if (!Number.isInteger(code) || !(code === 1000 || (code >= 3000 && code <= 4999))) {
    return { error: 'Close codes a client may send: 1000, or 3000–4999.' }
  }
  if (new TextEncoder().encode(reason).length > 123) return { error: 'A close reason is at most 123 bytes.' }
  return { message: { close: reason ? { code, reason } : { code } } }
}

/** The subprotocols listed in a `Sec-WebSocket-Protocol` value (comma separated, blanks dropped). */
export function parseSubprotocols(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

const SUBPROTOCOL_HEADER = 'sec-websocket-protocol'

/** The subprotocols the user offers: the enabled `Sec-WebSocket-Protocol` header row's value. */
export function subprotocolsOf(rows: readonly HeaderRow[]): string {
  return rows.find((row) => row.isEnabled && row.name.trim().toLowerCase() === SUBPROTOCOL_HEADER)?.value ?? ''
}

/** The header rows with the `Sec-WebSocket-Protocol` row set to `value` (added, updated, or removed when empty). */
export function withSubprotocols(rows: readonly HeaderRow[], value: string, newRow: () => HeaderRow): HeaderRow[] {
  const index = rows.findIndex((row) => row.name.trim().toLowerCase() === SUBPROTOCOL_HEADER)
  if (!value.trim()) return index < 0 ? [...rows] : rows.filter((_, i) => i !== index)
  if (index < 0) return [...rows, { ...newRow(), name: 'Sec-WebSocket-Protocol', value }]
  return rows.map((row, i) => (i === index ? { ...row, value, isEnabled: true } : row))
}
