import { describe, expect, it } from 'vitest'
import { librarySchema } from './graphql.test-schema.js'
import { parseOperation, type OperationQuery } from './operation-target.js'
import { togglePick, type PickStep } from './selection-edit.js'

const schema = librarySchema()
const books: OperationQuery = { operationType: 'query' as OperationQuery['operationType'], rootField: 'books' }

function toggle(text: string, path: PickStep[], isOn: boolean, query: OperationQuery = books): string {
  const parsed = parseOperation(text, query)
  if (!parsed.isOk) throw new Error(parsed.message)
  return togglePick({ text, schema, target: parsed, rootField: query.rootField, path, isOn })
}

const f = (name: string): PickStep => ({ kind: 'field', name })
const on = (type: string): PickStep => ({ kind: 'on', type })
const flat = (text: string) => text.replace(/\s+/g, ' ').trim()

describe('togglePick', () => {
  it('adds a scalar field to the root field selection', () => {
    expect(flat(toggle('query Q { books { id } }', [f('title')], true))).toBe('query Q { books { id title } }')
  })

  it('removes a field, and the parent with its last child', () => {
    expect(flat(toggle('{ books { id author { name } } }', [f('author'), f('name')], false))).toBe('{ books { id } }')
  })

  it('keeps the root field valid with __typename when its last field goes', () => {
    expect(flat(toggle('{ books { id } }', [f('id')], false))).toBe('{ books { __typename } }')
  })

  it('adds a composite field with its scalar fields', () => {
    expect(flat(toggle('{ books { id } }', [f('author')], true))).toBe('{ books { id author { id name } } }')
  })

  it('creates the missing parents of a nested pick', () => {
    expect(flat(toggle('{ books { id } }', [f('author'), f('books'), f('title')], true))).toBe(
      '{ books { id author { books { title } } } }',
    )
  })

  it('passes required arguments of an added field as new variables, and drops them when the field goes', () => {
    const added = toggle('query Q($id: ID) { books { id } }', [f('review')], true)
    expect(flat(added)).toBe('query Q($id: ID, $reviewId: ID!) { books { id review(id: $reviewId) { stars text } } }')
    expect(flat(toggle(added, [f('review')], false))).toBe('query Q($id: ID) { books { id } }')
  })

  it('keeps a variable another field still uses', () => {
    const text = 'query Q($g: Genre) { books(genre: $g) { id author { books(first: 1) { id } } } }'
    expect(flat(toggle(text, [f('id')], false))).toBe(
      'query Q($g: Genre) { books(genre: $g) { author { books(first: 1) { id } } } }',
    )
  })

  it('picks a possible type of a union through an inline fragment', () => {
    const query: OperationQuery = { ...books, rootField: 'search' }
    const text = 'query S($text: String!) { search(text: $text) { __typename } }'
    const withBook = toggle(text, [on('Book'), f('title')], true, query)
    expect(flat(withBook)).toBe('query S($text: String!) { search(text: $text) { __typename ... on Book { title } } }')
    expect(flat(toggle(withBook, [on('Book'), f('title')], false, query))).toBe(
      'query S($text: String!) { search(text: $text) { __typename } }',
    )
  })

  it('rewrites only the operation sent and keeps the rest of the document as written', () => {
    const text = '# my notes\nquery A { hello }\n\nquery B {\n  books { id }\n}\n\nfragment F on Book { title }\n'
    const next = toggle(text, [f('genre')], true, { ...books, operationName: 'B' })
    expect(next).toBe(
      '# my notes\nquery A { hello }\n\nquery B {\n  books {\n    id\n    genre\n  }\n}\n\nfragment F on Book { title }\n',
    )
  })

  it('adds the root field when the operation does not select it yet', () => {
    expect(flat(toggle('query Q { hello }', [f('id')], true))).toBe('query Q { hello books { id } }')
  })

  it('leaves the text alone for a field the type does not have', () => {
    const text = '{ books { id } }'
    expect(toggle(text, [f('nope')], true)).toBe(text)
  })
})
