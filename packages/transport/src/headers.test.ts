import { describe, expect, it } from 'vitest'
import { declaredLength, flattenHeaders, isManagedHeader } from './headers.js'

describe('header helpers', () => {
  it('flattens undici headers to lower-case names, repeated values joined, __proto__ kept as an entry', () => {
    const flat = flattenHeaders({ 'X-Multi': ['a', 'b'], Accept: 'text/plain', gone: undefined, ['__proto__']: 'p' })
    expect({ ...flat }).toEqual({ 'x-multi': 'a, b', accept: 'text/plain', ['__proto__']: 'p' })
  })

  it('reads a Content-Length only when it is a plain number', () => {
    expect(declaredLength({ 'content-length': '42' })).toBe(42)
    expect(declaredLength({ 'content-length': '4 2' })).toBeUndefined()
    expect(declaredLength({})).toBeUndefined()
  })

  it('names the request headers undici manages, in any case', () => {
    expect(['Content-Length', 'connection', 'Transfer-Encoding', 'expect'].every(isManagedHeader)).toBe(true)
    expect(isManagedHeader('accept')).toBe(false)
  })
})
