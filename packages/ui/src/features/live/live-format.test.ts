import { describe, expect, it } from 'vitest'
import { received } from './live-entries.test-helpers.js'
import { formatElapsed, formatRate, previewOf } from './live-format.js'

describe('previewOf', () => {
  it('shows a message as one line of JSON, cut with an ellipsis when long', () => {
    expect(previewOf(received({ a: 1, b: 'x\ny' }))).toBe('{"a":1,"b":"x\\ny"}')
    expect(previewOf(received('line one\n  line two'))).toBe('line one line two')
    const long = previewOf(received({ text: 'z'.repeat(1000) }))
    expect(long.length).toBe(241)
    expect(long.endsWith('…')).toBe(true)
  })

  it('lists headers and trailers as name: value pairs, and sizes binary frames', () => {
    expect(previewOf(received({ 'x-a': '1', b: '2' }, { kind: 'headers' }))).toBe('x-a: 1  ·  b: 2')
    expect(previewOf(received({}, { kind: 'trailers' }))).toBe('no trailers')
    expect(previewOf(received(null, { binary: 'AAAA' }))).toBe('binary · 3 B')
  })
})

describe('formatElapsed and formatRate', () => {
  it('formats elapsed time as minutes, seconds and tenths, hours past an hour', () => {
    expect(formatElapsed(0)).toBe('0:00.0')
    expect(formatElapsed(61_250)).toBe('1:01.2')
    expect(formatElapsed(3_723_000)).toBe('1:02:03')
  })

  it('keeps rates short', () => {
    expect(formatRate(0)).toBe('0.0/s')
    expect(formatRate(42.4)).toBe('42/s')
    expect(formatRate(1234)).toMatch(/^1.234\/s$/)
    expect(formatRate(10_400)).toBe('10k/s')
  })
})
