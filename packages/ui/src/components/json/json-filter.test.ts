import { describe, expect, it } from 'vitest'
import { filterJson } from './json-filter.js'
import { flattenJson } from './json-rows.js'

const body = {
  store: { name: 'Corner', owner: { name: 'Ada', email: 'ada@example.com' } },
  books: [
    { title: 'Dune', tags: ['sci-fi'] },
    { title: 'Emma', tags: ['classic'] },
  ],
  metadata: { count: 2, tags: ['x'] },
}

const shown = (query: string, expanded: ReadonlySet<string> = new Set()) =>
  flattenJson(body, expanded, filterJson(body, query))
    .filter((row) => row.kind !== 'close')
    .map((row) => (row.kind === 'leaf' ? `${row.label ?? '#'}=${String(row.value)}` : `${row.label ?? '#'}{`))

describe('filterJson with flattenJson', () => {
  it('keeps the values containing the text with the path to each, opened whatever was collapsed', () => {
    const filter = filterJson(body, 'EMMA')
    expect(filter.matches).toBe(1)
    expect(shown('EMMA')).toEqual(['#{', 'books{', '#{', 'title=Emma'])
  })

  it('counts keys and values, and keeps a container whose key matched whole, as the user expanded it', () => {
    expect(filterJson(body, 'tags').matches).toBe(3)
    // `owner` matched by key: kept with all it holds, collapsed until the user opens it.
    expect(shown('owner')).toEqual(['#{', 'store{', 'owner{'])
    expect(shown('owner', new Set(['/store/owner']))).toEqual([
      '#{',
      'store{',
      'owner{',
      'name=Ada',
      'email=ada@example.com',
    ])
  })

  it('matches numbers, booleans and null by their text, and finds nothing when nothing matches', () => {
    expect(shown('2')).toEqual(['#{', 'metadata{', 'count=2'])
    expect(filterJson(body, 'nothing here').matches).toBe(0)
    expect(shown('nothing here')).toEqual([])
  })
})
