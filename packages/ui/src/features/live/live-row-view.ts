/**
 * What one log row shows beyond its preview: chips for the frame's `meta` (WebSocket opcode and size, SSE event, id
 * and retry, GraphQL transport) and a variant for control frames and notices. Computed once per entry and cached, so a
 * fast stream pays for it once per message, never per render.
 */
import { base64ByteLength, formatBytes } from '../../components/format.js'
import type { LiveEntry } from '../../state/live-store.js'
import { base64ToBytes } from './hexdump.js'
import { previewOf } from './live-format.js'

export type ChipTone = 'opcode' | 'event' | 'id' | 'retry' | 'size' | 'notice' | 'muted'

export interface RowChip {
  text: string
  tone: ChipTone
  /** The chip's meaning for a tooltip (`event`, `id`…). */
  title: string
}

export interface RowView {
  preview: string
  chips: RowChip[]
  /** Extra row class: control frames (ping, pong, close) and notices (reconnects) look different from data. */
  variant: '' | ' is-control' | ' is-notice'
}

/**
 * The live protocols whose sent messages have a shape of their own (WebSocket frames), or whose received messages
 * are filtered by a name (SSE event types, SignalR hub methods).
 */
export type LiveFlavor = 'websocket' | 'sse' | 'signalr' | 'mcp' | 'other'

const views = new WeakMap<LiveEntry, RowView>()

const BINARY_PREVIEW_BYTES = 24

export function rowViewOf(entry: LiveEntry, flavor: LiveFlavor = 'other'): RowView {
  let view = views.get(entry)
  if (!view) {
    view = entry.direction === 'out' && flavor === 'websocket' ? sentFrameView(entry.data) : receivedView(entry)
    views.set(entry, view)
  }
  return view
}

function receivedView(entry: LiveEntry): RowView {
  const meta = entry.direction === 'in' ? entry.meta : undefined
  const chips: RowChip[] = []
  let variant: RowView['variant'] = ''
  let preview = entry.direction === 'in' && entry.binary !== undefined ? binaryPreview(entry.binary) : previewOf(entry)
  if (!meta) return { preview, chips, variant }
  if (meta.kind === 'reconnect') {
    variant = ' is-notice'
    chips.push({ text: 'reconnect', tone: 'notice', title: 'The plugin reconnected' })
  }
  if (typeof meta.opcode === 'string') {
    chips.push({ text: meta.opcode, tone: 'opcode', title: 'WebSocket frame type' })
    if (meta.opcode === 'ping' || meta.opcode === 'pong') variant = ' is-control'
  }
  if (typeof meta.transport === 'string') chips.push({ text: meta.transport, tone: 'muted', title: 'Transport' })
  if (typeof meta.event === 'string') chips.push({ text: meta.event, tone: 'event', title: 'SSE event' })
  // SignalR: what the hub sent (invocation, completion, stream item, ping, close, state) and, for an invocation, the
  // client method it calls.
  if (typeof meta.target === 'string') chips.push({ text: meta.target, tone: 'event', title: 'Hub method called' })
  else if (typeof meta.kind === 'string' && meta.kind !== 'reconnect') {
    const isNotice = meta.kind === 'state' || meta.kind === 'close'
    if (isNotice) variant = ' is-notice'
    if (meta.kind === 'ping') variant = ' is-control'
    const text = meta.kind === 'state' && typeof meta.state === 'string' ? meta.state : meta.kind
    chips.push({ text, tone: isNotice ? 'notice' : 'muted', title: 'Hub message' })
  }
  if ((typeof meta.id === 'string' || typeof meta.id === 'number') && meta.kind !== 'reconnect') {
    chips.push({ text: `id ${meta.id}`, tone: 'id', title: 'SSE event id' })
  }
  if (typeof meta.retry === 'number') chips.push({ text: `retry ${meta.retry} ms`, tone: 'retry', title: 'SSE retry' })
  if (meta.truncated === true) {
    chips.push({ text: 'too large', tone: 'notice', title: 'The frame was too large to relay; only its size is kept' })
  }
  if (typeof meta.bytes === 'number') {
    chips.push({ text: formatBytes(meta.bytes), tone: 'size', title: 'Payload size' })
    if (entry.direction === 'in' && entry.binary !== undefined) preview = binaryPreview(entry.binary, false)
  }
  return { preview, chips, variant }
}

/** A sent WebSocket message: `{ text }`, `{ binary }`, `{ ping }`, `{ close }`, or anything else (sent as text). */
function sentFrameView(data: unknown): RowView {
  const frame =
    typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
  const keys = Object.keys(frame)
  const only = keys.length === 1 ? keys[0] : undefined
  if (only === 'text' && typeof frame.text === 'string') {
    return { preview: oneLine(frame.text), chips: [chip('text')], variant: '' }
  }
  if (only === 'binary' && typeof frame.binary === 'string') {
    return { preview: binaryPreview(frame.binary), chips: [chip('binary')], variant: '' }
  }
  if (only === 'ping') {
    return {
      preview: typeof frame.ping === 'string' ? oneLine(frame.ping) : '',
      chips: [chip('ping')],
      variant: ' is-control',
    }
  }
  if (only === 'close') {
    const close = (frame.close ?? {}) as { code?: unknown; reason?: unknown }
    const code = typeof close.code === 'number' ? close.code : 1000
    const reason = typeof close.reason === 'string' && close.reason ? `: ${close.reason}` : ''
    return { preview: `Close ${code}${reason}`, chips: [chip('close')], variant: ' is-control' }
  }
  const text = typeof data === 'string' ? data : (JSON.stringify(data) ?? '')
  return { preview: oneLine(text), chips: [chip('text')], variant: '' }
}

const chip = (opcode: string): RowChip => ({ text: opcode, tone: 'opcode', title: 'WebSocket frame type' })

const PREVIEW_CHARS = 240

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ')
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line
}

/** The first bytes in hex (`00 01 ff …`), with the size unless a size chip already shows it. */
function binaryPreview(base64: string, withSize = true): string {
  // Only the first few bytes are decoded: 32 base64 characters are 24 bytes.
  let hex: string
  try {
    const head = base64ToBytes(base64.replace(/\s+/g, '').slice(0, (BINARY_PREVIEW_BYTES / 3) * 4))
    hex = Array.from(head, (b) => b.toString(16).padStart(2, '0')).join(' ')
  } catch {
    hex = '(not base64)'
  }
  const total = base64ByteLength(base64.replace(/\s+/g, ''))
  const more = total > BINARY_PREVIEW_BYTES ? ' …' : ''
  return withSize ? `${formatBytes(total)} · ${hex}${more}` : `${hex}${more}`
}
