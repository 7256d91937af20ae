import { describe, expect, it } from 'vitest'
import { pathValueToString, readPath } from './path.js'

describe('readPath', () => {
  const doc = { data: { items: [{ id: 'a' }, { id: 'b' }] }, token: 't' }

  it('walks objects and indexes arrays with numeric segments', () => {
    expect(readPath(doc, 'data.items.1.id')).toBe('b')
    expect(readPath(doc, 'token')).toBe('t')
  })

  it('returns undefined for missing segments and non-numeric array segments', () => {
    expect(readPath(doc, 'data.items.x')).toBeUndefined()
    expect(readPath(doc, 'data.nope.id')).toBeUndefined()
    expect(readPath(doc, 'token.length')).toBeUndefined()
  })

  it('does not read inherited properties', () => {
    expect(readPath({}, 'constructor')).toBeUndefined()
  })

  it('renders non-string values as JSON', () => {
    expect(pathValueToString({ a: 1 })).toBe('{"a":1}')
    expect(pathValueToString('s')).toBe('s')
    expect(pathValueToString(undefined)).toBeUndefined()
  })
})
