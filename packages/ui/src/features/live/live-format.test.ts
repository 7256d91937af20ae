import { describe, expect, it } from 'vitest'
import type { LiveEntry } from '../../state/live-store.js'
import { formatElapsed, formatRate, previewOf } from './live-format.js'

const incoming = (data: unknown, patch: Partial<LiveEntry> = {}): LiveEntry =>
  ({ direction: 'in', kind: 'message', seq: 1, at: 0, data, ...patch }) as LiveEntry

describe('previewOf', () => {
  it('shows a message as one line of JSON, cut with an ellipsis when long', () => {
    expect(previewOf(incoming({ a: 1, b: 'x\ny' }))).toBe('{"a":1,"b":"x\\ny"}')
    expect(previewOf(incoming('line one\n  line two'))).toBe('line one line two')
    const long = previewOf(incoming({ text: 'z'.repeat(1000) }))
    expect(long.length).toBe(241)
    expect(long.endsWith('…')).toBe(true)
  })

  it('lists headers and trailers as name: value pairs, and sizes binary frames', () => {
    expect(previewOf(incoming({ 'x-a': '1', b: '2' }, { kind: 'headers' }))).toBe('x-a: 1  ·  b: 2')
    expect(previewOf(incoming({}, { kind: 'trailers' }))).toBe('no trailers')
    expect(previewOf(incoming(null, { binary: 'AAAA' }))).toBe('binary · 3 B')
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
