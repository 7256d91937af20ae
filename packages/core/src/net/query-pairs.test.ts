import { describe, expect, it } from 'vitest'
import { decodedQueryName, mapQueryPairs } from './query-pairs.js'

describe('mapQueryPairs', () => {
  it('rewrites each pair of the query only, leaving the path, the fragment and the encoding as written', () => {
    const upper = mapQueryPairs('http://h/a?b=1&c&d=%20x#e=f', ({ pair, key, value }) =>
      value === undefined ? `${key}!` : pair.toUpperCase(),
    )
    expect(upper).toBe('http://h/a?B=1&c!&D=%20X#e=f')
    expect(mapQueryPairs('grpc@h:1', () => 'x')).toBe('grpc@h:1')
    expect(decodedQueryName('api%5Fkey')).toBe('api_key')
    expect(decodedQueryName('a+b')).toBe('a b')
    expect(decodedQueryName('%E0%A4%A')).toBe('%E0%A4%A')
  })
})
