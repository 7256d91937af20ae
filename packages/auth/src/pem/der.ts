/**
 * A minimal DER reader: just enough of X.690 to walk the few fixed structures of an encrypted PKCS#8 key. Written here
 * rather than pulling an ASN.1 library into the browser bundle: four nested SEQUENCEs do not justify one.
 */

export interface Tlv {
  tag: number
  /** The content bytes (a view into the input). */
  content: Uint8Array<ArrayBuffer>
  /** Offset just past this element in the input. */
  end: number
}

export const TAG = { integer: 0x02, octetString: 0x04, null: 0x05, oid: 0x06, sequence: 0x30 } as const

export class DerError extends Error {}

export function readTlv(bytes: Uint8Array<ArrayBuffer>, offset = 0): Tlv {
  if (offset + 2 > bytes.length) throw new DerError('truncated element')
  const tag = bytes[offset] ?? 0
  let length = bytes[offset + 1] ?? 0
  let start = offset + 2
  if (length & 0x80) {
    const count = length & 0x7f
    // Four length bytes address 4 GiB, far more than any key; more (or the indefinite form) is not DER we accept.
    if (count === 0 || count > 4 || start + count > bytes.length) throw new DerError('bad length')
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[start + i] ?? 0)
    start += count
  }
  const end = start + length
  if (end > bytes.length) throw new DerError('element runs past the end')
  return { tag, content: bytes.subarray(start, end), end }
}

/** The children of a constructed element (a SEQUENCE). */
export function children(content: Uint8Array<ArrayBuffer>): Tlv[] {
  const items: Tlv[] = []
  let offset = 0
  while (offset < content.length) {
    const item = readTlv(content, offset)
    items.push(item)
    offset = item.end
  }
  return items
}

export function expectTag(tlv: Tlv | undefined, tag: number, what: string): Tlv {
  if (!tlv || tlv.tag !== tag) throw new DerError(`expected ${what}`)
  return tlv
}

export function readOid(content: Uint8Array): string {
  const parts: number[] = []
  let value = 0
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f)
    if ((byte & 0x80) === 0) {
      if (parts.length === 0) parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80)
      else parts.push(value)
      value = 0
    }
  }
  return parts.join('.')
}

/** A non-negative INTEGER that fits a JavaScript number. */
export function readSmallInteger(content: Uint8Array): number {
  if (content.length === 0 || content.length > 6 || ((content[0] ?? 0) & 0x80) !== 0) throw new DerError('bad integer')
  let value = 0
  for (const byte of content) value = value * 256 + byte
  return value
}
