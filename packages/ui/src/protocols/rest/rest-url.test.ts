import { describe, expect, it } from 'vitest'
import { field } from '../../components/form/field.test-helpers.js'
import { pathParts, queryString } from './rest-url.js'

describe('the URL preview', () => {
  it('fills path parameters and keeps ${…} readable in the query', () => {
    const fields = [
      field({ name: 'id', source: 'path' }),
      field({ name: 'q', source: 'query' }),
      field({ name: 'tag', source: 'query', isRepeated: true }),
    ]
    const values = { id: '${n}', q: 'a b&${term}', tag: ['x', 'y/z', '$${lit}'] }
    expect(pathParts('/items/{id}', values)).toEqual([
      { kind: 'text', text: '/items/' },
      { kind: 'param', name: 'id', value: '${n}' },
    ])
    expect(queryString(fields, values)).toBe('?q=a%20b%26${term}&tag=x&tag=y%2Fz&tag=$${lit}')
  })

  it('writes an array the document says not to explode as one delimited parameter', () => {
    const fields = [
      field({ name: '$select', source: 'query', isRepeated: true, explode: false }),
      field({ name: 'tags', source: 'query', isRepeated: true, style: 'pipeDelimited' }),
    ]
    expect(queryString(fields, { $select: ['id', 'displayName'], tags: ['a', 'b'] })).toBe(
      '?%24select=id,displayName&tags=a%7Cb',
    )
  })
})
