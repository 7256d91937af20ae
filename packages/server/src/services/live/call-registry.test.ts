import { describe, expect, it } from 'vitest'
import { CallRegistry } from './call-registry.js'

describe('CallRegistry', () => {
  it('remembers closed ids, forgetting the oldest beyond its bound', () => {
    const registry = new CallRegistry<string>(2)
    for (const id of ['a', 'b', 'c']) registry.add(id, id)
    for (const id of ['a', 'b', 'c']) registry.remove(id)
    expect(registry.size).toBe(0)
    expect(registry.wasRecentlyClosed('a')).toBe(false)
    expect(registry.wasRecentlyClosed('b')).toBe(true)
    expect(registry.wasRecentlyClosed('c')).toBe(true)
  })

  it('treats a reused id as open again, and an unknown one as never seen', () => {
    const registry = new CallRegistry<number>()
    registry.add('x', 1)
    registry.remove('x')
    registry.add('x', 2)
    expect(registry.get('x')).toBe(2)
    expect(registry.wasRecentlyClosed('x')).toBe(false)
    registry.remove('never')
    expect(registry.wasRecentlyClosed('never')).toBe(false)
  })

  it('hands out every open call once when drained', () => {
    const registry = new CallRegistry<number>()
    registry.add('a', 1)
    registry.add('b', 2)
    expect(registry.drain()).toEqual([1, 2])
    expect(registry.size).toBe(0)
    expect(registry.drain()).toEqual([])
  })
})
