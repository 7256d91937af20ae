import { describe, expect, it } from 'vitest'
import { estimateJsonBytes } from './live-size.js'

describe('estimateJsonBytes', () => {
  it('grows with the length of the strings a value holds', () => {
    const small = estimateJsonBytes({ text: 'a' })
    const large = estimateJsonBytes({ text: 'a'.repeat(1_000_000) })
    expect(large - small).toBe(999_999)
  })

  it('stays within a small factor of the JSON length for typical payloads', () => {
    const value = { id: 12, name: 'ticker', tags: ['a', 'bb'], nested: { ok: true, at: null, list: [1, 2, 3] } }
    const json = JSON.stringify(value).length
    const estimate = estimateJsonBytes(value)
    expect(estimate).toBeGreaterThan(json / 2)
    expect(estimate).toBeLessThan(json * 3)
  })

  it('measures nesting far deeper than the call stack allows', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(estimateJsonBytes(deep)).toBeGreaterThan(200_000)
  })
})
