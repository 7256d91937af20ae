/** StreamFrames for what a server sends: data frames, pings and pongs, the handshake headers and the close. */
import type { IncomingHttpHeaders } from 'node:http'
import type { StreamFrame } from '@wirebench/core'
import { closeMessage, closeStatus } from './close-codes.js'

/** Text JSON-parsed when it parses, else the text itself. */
export function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export function dataFrame(payload: Buffer, isBinary: boolean): StreamFrame {
  const bytes = payload.length
  if (isBinary)
    return { type: 'message', data: null, binary: payload.toString('base64'), meta: { opcode: 'binary', bytes } }
  return { type: 'message', data: parseText(payload.toString('utf8')), meta: { opcode: 'text', bytes } }
}

export function controlFrame(opcode: 'ping' | 'pong', payload: Buffer): StreamFrame {
  return { type: 'message', data: payload.toString('utf8'), meta: { opcode, bytes: payload.length } }
}

export function endFrame(code: number, reason: string, error?: string): StreamFrame {
  const details: Record<string, unknown> = { code, reason }
  if (error !== undefined) details.error = error
  return { type: 'end', status: closeStatus(code), message: closeMessage(code, reason), details }
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
