/** Binary payloads for people: base64 decoded to bytes, shown as a hexdump with offsets and printable ASCII. */

/** Bytes a hexdump shows before it stops (a 1 MB frame would be 64,000 lines of text nobody reads). */
export const HEXDUMP_MAX_BYTES = 16 * 1024

const BYTES_PER_LINE = 16

/** Decodes standard or URL-safe base64 (padding optional); throws a RangeError naming the problem when it is not base64. */
export function base64ToBytes(base64: string): Uint8Array {
  const clean = base64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) {
    throw new RangeError('Not base64: use the characters A–Z, a–z, 0–9, + and / (or - and _), with = padding at most.')
  }
  const padded = clean.replace(/=+$/, '').padEnd(Math.ceil(clean.replace(/=+$/, '').length / 4) * 4, '=')
  const text = atob(padded)
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

/** Encodes bytes as standard base64 with padding (chunked: `String.fromCharCode(...big)` overflows the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(text)
}

/** True when `text` (whitespace ignored) is non-empty base64 that decodes. */
export function isBase64Text(text: string): boolean {
  if (!text.trim()) return false
  try {
    base64ToBytes(text)
    return true
  } catch {
    return false
  }
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0')

export interface Hexdump {
  /** `00000010  48 65 6c 6c 6f 20 77 6f  72 6c 64 0a 00 ff 10 20  |Hello world.... |` */
  lines: string[]
  /** Bytes beyond `maxBytes` that are not shown. */
  hiddenBytes: number
}

/** The classic `hexdump -C` layout: 8-digit hex offset, 16 bytes in two groups of 8, printable ASCII (others as `.`). */
export function hexdump(bytes: Uint8Array, maxBytes = HEXDUMP_MAX_BYTES): Hexdump {
  const shown = Math.min(bytes.length, Math.max(0, maxBytes))
  const lines: string[] = []
  for (let offset = 0; offset < shown; offset += BYTES_PER_LINE) {
    const row = bytes.subarray(offset, Math.min(offset + BYTES_PER_LINE, shown))
    let hex = ''
    let ascii = ''
    for (let i = 0; i < BYTES_PER_LINE; i++) {
      if (i === 8) hex += ' '
      const byte = row[i]
      hex += byte === undefined ? '   ' : `${hex2(byte)} `
      if (byte !== undefined) ascii += byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.'
    }
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex} |${ascii}|`)
  }
  return { lines, hiddenBytes: bytes.length - shown }
}
