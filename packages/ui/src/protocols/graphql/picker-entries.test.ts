import { describe, expect, it } from 'vitest'
import { librarySchema } from './graphql.test-schema.js'
import { filterEntries, pathKey, pickerEntries } from './picker-entries.js'

const schema = librarySchema()
const rows = (type: string) => pickerEntries(schema, schema.getType(type)!)

describe('pickerEntries', () => {
  it('lists an object type’s fields with their types and arguments, required ones marked', () => {
    const book = rows('Book')
    expect(book.map((e) => e.name)).toEqual(['id', 'title', 'genre', 'author', 'review'])
    expect(book.find((e) => e.name === 'review')).toMatchObject({
      typeLabel: 'Review',
      args: [{ name: 'id', type: 'ID!', isRequired: true }],
    })
    expect(book.find((e) => e.name === 'author')?.childType?.name).toBe('Author')
    expect(book.find((e) => e.name === 'title')?.childType).toBeUndefined()
  })

  it('offers __typename and one inline-fragment row per possible type for interfaces and unions', () => {
    expect(rows('Node').map((e) => `${e.kind}:${e.name}`)).toEqual([
      'field:__typename',
      'field:id',
      'on:Author',
      'on:Book',
    ])
    expect(rows('SearchResult').map((e) => `${e.kind}:${e.name}`)).toEqual([
      'field:__typename',
      'on:Book',
      'on:Magazine',
    ])
  })

  it('has no rows under a leaf type', () => {
    expect(rows('Genre')).toEqual([])
  })

  it('filters by name, ignoring case', () => {
    expect(filterEntries(rows('Book'), ' TI ').map((e) => e.name)).toEqual(['title'])
    expect(filterEntries(rows('Book'), '')).toHaveLength(5)
  })

  it('keys a path by field names and fragment types', () => {
    expect(
      pathKey([
        { kind: 'on', type: 'Book' },
        { kind: 'field', name: 'author' },
      ]),
    ).toBe('...Book/author')
  })
})
