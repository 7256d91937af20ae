import { describe, expect, it } from 'vitest'
import { createLiveRing } from './live-ring.js'

describe('createLiveRing', () => {
  it('keeps the newest entries up to its capacity and counts the evicted ones', () => {
    const ring = createLiveRing<number>(3)
    for (let i = 0; i < 5; i++) ring.push(i)
    expect(ring.size).toBe(3)
    expect(ring.first).toBe(2)
    expect(ring.end).toBe(5)
    expect(ring.evicted).toBe(2)
    expect(ring.at(1)).toBeUndefined()
    expect(ring.at(2)).toBe(2)
    expect(ring.at(4)).toBe(4)
    expect(ring.at(5)).toBeUndefined()
    expect(ring.slice()).toEqual([2, 3, 4])
    expect(ring.slice(0, 4)).toEqual([2, 3])
  })

  it('clears without counting cleared entries as evicted, and keeps absolute indexes counting', () => {
    const ring = createLiveRing<string>(4)
    ring.push('a')
    ring.push('b')
    ring.clear()
    expect(ring.size).toBe(0)
    expect(ring.evicted).toBe(0)
    ring.push('c')
    expect(ring.first).toBe(2)
    expect(ring.at(2)).toBe('c')
    for (const s of ['d', 'e', 'f', 'g']) ring.push(s)
    expect(ring.evicted).toBe(1)
    expect(ring.slice()).toEqual(['d', 'e', 'f', 'g'])
  })

  it('evicts the oldest entries once their estimated bytes pass the budget, counting them as evicted', () => {
    const ring = createLiveRing<string>(100, 250)
    for (const s of ['a', 'b', 'c']) ring.push(s, 100)
    expect(ring.slice()).toEqual(['b', 'c'])
    expect(ring.bytes).toBe(200)
    expect(ring.evicted).toBe(1)
    expect(ring.at(0)).toBeUndefined()
  })

  it('keeps the newest entry even when it alone is over the byte budget', () => {
    const ring = createLiveRing<string>(100, 50)
    ring.push('small', 10)
    ring.push('huge', 1_000)
    expect(ring.slice()).toEqual(['huge'])
    expect(ring.bytes).toBe(1_000)
  })

  it('subtracts the bytes of entries evicted by count, and trims to a byte target on request', () => {
    const ring = createLiveRing<number>(2)
    ring.push(1, 10)
    ring.push(2, 20)
    ring.push(3, 30)
    expect(ring.bytes).toBe(50)
    ring.trimTo(35)
    expect(ring.slice()).toEqual([3])
    expect(ring.evicted).toBe(2)
    ring.clear()
    expect(ring.bytes).toBe(0)
    expect(ring.evicted).toBe(2)
  })

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => createLiveRing(0)).toThrow(RangeError)
  })
})
