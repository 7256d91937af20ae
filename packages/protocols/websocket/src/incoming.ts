/** StreamFrames for what a server sends: data frames, pings and pongs, the handshake headers and the close. */
import type { IncomingHttpHeaders } from 'node:http'
import type { StreamFrame } from '@wirebench/core'
import { eventData } from '@wirebench/transport'
import { closeMessage, closeStatus } from './close-codes.js'

export function dataFrame(payload: Buffer, isBinary: boolean): StreamFrame {
  const bytes = payload.length
  if (isBinary)
    return { type: 'message', data: null, binary: payload.toString('base64'), meta: { opcode: 'binary', bytes } }
  return { type: 'message', data: eventData(payload.toString('utf8')), meta: { opcode: 'text', bytes } }
}

export function controlFrame(opcode: 'ping' | 'pong', payload: Buffer): StreamFrame {
  return { type: 'message', data: payload.toString('utf8'), meta: { opcode, bytes: payload.length } }
}

export function endFrame(code: number, reason: string, error?: string): StreamFrame {
  const details: Record<string, unknown> = { code, reason }
  if (error !== undefined) details.error = error
  return { type: 'end', status: closeStatus(code), message: closeMessage(code, reason), details }
}

/**
 * The close code the client sent when `ws` failed a connection for what the server sent (RFC 6455 §7.4.1): the
 * server's own close frame is then never read, so the close event only says 1006.
 */
const failureCloseCodes: Record<string, number> = {
  WS_ERR_UNSUPPORTED_MESSAGE_LENGTH: 1009,
  WS_ERR_INVALID_UTF8: 1007,
  WS_ERR_INVALID_OPCODE: 1002,
  WS_ERR_INVALID_CLOSE_CODE: 1002,
  WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH: 1002,
  WS_ERR_EXPECTED_FIN: 1002,
  WS_ERR_EXPECTED_MASK: 1002,
  WS_ERR_UNEXPECTED_MASK: 1002,
  WS_ERR_UNEXPECTED_RSV_1: 1002,
  WS_ERR_UNEXPECTED_RSV_2_3: 1002,
}

export function failureCloseCode(error: Error): number | undefined {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? failureCloseCodes[code] : undefined
}

/** Response headers with lower-case names, repeated ones joined (`set-cookie` by newlines, others by commas). */
export function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value
  }
  return out
}

/** What a queued frame costs in memory, roughly: its payload (base64 for binary) and some bookkeeping. */
export function frameCost(payloadBytes: number, isBinary: boolean): number {
  return (isBinary ? Math.ceil(payloadBytes / 3) * 4 : payloadBytes) + 64
}
