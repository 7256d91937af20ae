import { describe, expect, it } from 'vitest'
import { base64ToBytes, bytesToBase64, hexdump, isBase64Text } from './hexdump.js'

describe('base64 decoding and encoding', () => {
  it('decodes standard and URL-safe base64, with or without padding', () => {
    expect([...base64ToBytes('AAEC/w==')]).toEqual([0, 1, 2, 255])
    expect([...base64ToBytes('AAEC_w')]).toEqual([0, 1, 2, 255])
    expect([...base64ToBytes(' aGVs\nbG8= ')]).toEqual([...'hello'].map((c) => c.charCodeAt(0)))
    expect(base64ToBytes('')).toHaveLength(0)
  })

  it('refuses text that is not base64 with a message saying what is allowed', () => {
    expect(() => base64ToBytes('not base64!')).toThrow(/Not base64/)
    expect(() => base64ToBytes('A')).toThrow(RangeError)
    expect(isBase64Text('aGVsbG8=')).toBe(true)
    expect(isBase64Text('   ')).toBe(false)
    expect(isBase64Text('%%%')).toBe(false)
  })

  it('round-trips bytes larger than one encoding chunk', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251)
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
  })
})

describe('hexdump', () => {
  it('shows offsets, two groups of eight bytes and printable ASCII', () => {
    const bytes = new Uint8Array(
      [...'Hello world'].map((c) => c.charCodeAt(0)).concat([0x0a, 0x00, 0xff, 0x10, 0x20, 0x41]),
    )
    const { lines, hiddenBytes } = hexdump(bytes)
    expect(hiddenBytes).toBe(0)
    expect(lines).toEqual([
      '00000000  48 65 6c 6c 6f 20 77 6f  72 6c 64 0a 00 ff 10 20  |Hello world.... |',
      '00000010  41                                                |A|',
    ])
  })

  it('stops at the byte limit and says how many bytes it hid', () => {
    const { lines, hiddenBytes } = hexdump(new Uint8Array(100), 32)
    expect(lines).toHaveLength(2)
    expect(lines[1]?.startsWith('00000010  ')).toBe(true)
    expect(hiddenBytes).toBe(68)
  })
})
