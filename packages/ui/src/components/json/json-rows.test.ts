import { describe, expect, it } from 'vitest'
import { allContainerIds, flattenJson, initialExpansion } from './json-rows.js'

describe('flattenJson', () => {
  it('emits open, leaf and close rows in document order for expanded containers', () => {
    const rows = flattenJson({ a: 1, b: [true, null] }, new Set(['', '/b']))
    expect(rows.map((r) => [r.kind, r.depth, r.kind === 'close' ? null : r.label])).toEqual([
      ['open', 0, null],
      ['leaf', 1, 'a'],
      ['open', 1, 'b'],
      ['leaf', 2, null],
      ['leaf', 2, null],
      ['close', 1, null],
      ['close', 0, null],
    ])
  })

  it('shows a collapsed container as one row with its size', () => {
    const rows = flattenJson({ list: [1, 2, 3] }, new Set(['']))
    expect(rows[1]).toMatchObject({ kind: 'open', label: 'list', size: 3, isExpanded: false })
    expect(rows).toHaveLength(3)
  })

  it('keeps keys containing slashes apart from nested paths', () => {
    const rows = flattenJson({ 'a/b': { x: 1 }, a: { b: { x: 2 } } }, new Set(['', '/a~1b', '/a', '/a/b']))
    const ids = rows.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('walks deeply nested documents with an explicit stack', () => {
    let deep: unknown = 0
    const expanded = new Set<string>([''])
    let id = ''
    for (let i = 0; i < 5_000; i++) deep = [deep]
    for (let i = 0; i < 5_000; i++) expanded.add((id = `${id}/0`))
    expect(flattenJson(deep, expanded).length).toBe(10_001)
  })
})

describe('initialExpansion', () => {
  it('opens small documents completely and large ones only as far as the row budget allows', () => {
    expect(initialExpansion({ a: { b: { c: 1 } } })).toEqual(new Set(['', '/a', '/a/b']))
    const big = { items: Array.from({ length: 5000 }, (_, i) => ({ i })) }
    const expanded = initialExpansion(big, 300)
    expect(expanded.has('')).toBe(true)
    expect(expanded.has('/items')).toBe(false)
  })
})

describe('allContainerIds', () => {
  it('stops at the limit breadth-first and says so', () => {
    const value = { a: [{ x: {} }, { y: {} }], b: {} }
    expect(allContainerIds(value).isCapped).toBe(false)
    const capped = allContainerIds(value, 3)
    expect(capped).toEqual({ ids: new Set(['', '/a', '/b']), isCapped: true })
  })
})
