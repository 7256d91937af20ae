import { buildSchema, getNamedType, print } from 'graphql'
import { describe, expect, it } from 'vitest'
import { defaultSelectionSet } from './default-selection.js'
import { librarySchema } from './graphql.test-schema.js'

const schema = librarySchema()
const typeOf = (name: string) => getNamedType(schema.getType(name)!)
const printed = (name: string, depth: number) => print(defaultSelectionSet(typeOf(name), depth)!).replace(/\s+/g, ' ')

describe('defaultSelectionSet', () => {
  it('selects scalar and enum fields only at depth 1', () => {
    expect(printed('Book', 1)).toBe('{ id title genre }')
  })

  it('adds composite fields with their scalars at depth 2 and skips fields with required arguments', () => {
    expect(printed('Book', 2)).toBe('{ id title genre author { id name } }')
  })

  it('selects __typename first for an interface and only __typename for a union', () => {
    expect(printed('Node', 1)).toBe('{ __typename id }')
    expect(printed('SearchResult', 2)).toBe('{ __typename }')
  })

  it('has no selection set for a leaf type', () => {
    expect(defaultSelectionSet(typeOf('Genre'), 2)).toBeUndefined()
  })

  it('leaves deprecated fields out, and a type left with deprecated fields only', () => {
    const deprecated = buildSchema(`
      type Book { id: ID!, title: String!, isbn: String @deprecated(reason: "Use id."), shelf: Shelf, tag: Tag }
      type Shelf { code: String @deprecated, books: [Book!]! }
      type Tag { label: String @deprecated }
      type Query { books: [Book!]! }
    `)
    const select = (name: string) =>
      print(defaultSelectionSet(getNamedType(deprecated.getType(name)!), 2)!).replace(/\s+/g, ' ')
    expect(select('Book')).toBe('{ id title }')
    expect(select('Shelf')).toBe('{ books { id title } }')
    expect(select('Tag')).toBe('{ __typename }')
  })
})
