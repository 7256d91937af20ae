/**
 * The messages a user sends on a WebSocket: exactly one of `{ text }`, `{ binary: base64 }`, `{ ping }` or
 * `{ close: { code?, reason? } }`; anything else (a bare string, other JSON) goes out as a text frame.
 */
import { WorkbenchError } from '@wirebench/core'

export type Outgoing =
  | { kind: 'text'; data: string }
  | { kind: 'binary'; data: Buffer }
  | { kind: 'ping'; data: string }
  | { kind: 'close'; code: number; reason: string }

/** RFC 6455 §5.5: control frame payloads (ping, and close code + reason) fit in 125 bytes. */
const maxControlPayload = 125
const base64Shape = /^[A-Za-z0-9+/_-]*={0,2}$/

export function toOutgoing(message: unknown): Outgoing {
  if (typeof message === 'string') return { kind: 'text', data: message }
  const single = singleKey(message)
  if (single) {
    const [key, value] = single
    if (key === 'text' && typeof value === 'string') return { kind: 'text', data: value }
    if (key === 'binary' && typeof value === 'string') return { kind: 'binary', data: decodeBase64(value) }
    if (key === 'ping' && (value === undefined || value === null || typeof value === 'string')) {
      return { kind: 'ping', data: checkPing(value ?? '') }
    }
    if (key === 'close' && (value === undefined || value === null || isPlainObject(value))) {
      return closeMessage(value ?? {})
    }
  }
  return { kind: 'text', data: JSON.stringify(message) ?? 'null' }
}

function singleKey(message: unknown): [string, unknown] | undefined {
  if (!isPlainObject(message)) return undefined
  const entries = Object.entries(message)
  return entries.length === 1 ? entries[0] : undefined
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function decodeBase64(value: string): Buffer {
  const compact = value.replace(/\s+/g, '')
  if (!base64Shape.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new WorkbenchError('invalid_request', 'The binary message is not base64.', {
      hint: 'Write the bytes as base64 (A–Z, a–z, 0–9, + and /, padded with =), e.g. {"binary": "AAEC"}.',
    })
  }
  return Buffer.from(compact, 'base64')
}

function checkPing(payload: string): string {
  if (Buffer.byteLength(payload) > maxControlPayload) {
    throw new WorkbenchError('invalid_request', `A ping payload holds at most ${maxControlPayload} bytes.`, {
      hint: 'Shorten the ping text; send longer data as a text message.',
    })
  }
  return payload
}

/** Close codes a client may send (RFC 6455 §7.4: 1004–1006 and 1015 are never sent; 3000–4999 are registered or private). */
export function isSendableCloseCode(code: number): boolean {
  return (
    Number.isInteger(code) &&
    ((code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999))
  )
}

function closeMessage(value: Record<string, unknown>): Outgoing {
  const code = value.code ?? 1000
  const reason = value.reason ?? ''
  if (typeof code !== 'number' || !isSendableCloseCode(code)) {
    throw new WorkbenchError('invalid_request', `${JSON.stringify(code)} is not a close code a client may send.`, {
      hint: 'Use 1000 (normal), 1001 (going away), 1002, 1003, 1007–1014, or an application code from 3000 to 4999.',
    })
  }
  if (typeof reason !== 'string') {
    throw new WorkbenchError('invalid_request', 'The close reason must be a string.')
  }
  if (Buffer.byteLength(reason) > maxControlPayload - 2) {
    throw new WorkbenchError('invalid_request', `A close reason holds at most ${maxControlPayload - 2} bytes.`, {
      hint: 'Shorten the reason.',
    })
  }
  return { kind: 'close', code, reason }
}
