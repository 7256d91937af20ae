/**
 * MQTT payloads are bytes. Outgoing: a string is sent as UTF-8, anything else as its JSON text, `{base64}` as raw
 * bytes. Incoming: JSON when the bytes are JSON text, else the text, else `{base64}`.
 */

export function encodePayload(payload: unknown): Buffer {
  if (payload === undefined || payload === null) return Buffer.alloc(0)
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8')
  if (typeof payload === 'object' && !Array.isArray(payload)) {
    const raw = (payload as { base64?: unknown }).base64
    if (typeof raw === 'string' && Object.keys(payload).length === 1) return Buffer.from(raw, 'base64')
  }
  return Buffer.from(JSON.stringify(payload), 'utf8')
}

const decoder = new TextDecoder('utf-8', { fatal: true })

export function decodePayload(bytes: Buffer): unknown {
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    return { base64: bytes.toString('base64') }
  }
  const trimmed = text.trim()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown
    } catch {
      return text
    }
  }
  return text
}
