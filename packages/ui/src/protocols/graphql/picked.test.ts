import { getNamedType, isObjectType, isInterfaceType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { librarySchema } from './graphql.test-schema.js'
import { parseOperation } from './operation-target.js'
import { readPicked, type Picked } from './picked.js'

const schema = librarySchema()
const fieldType = (parent: string, field: string) => {
  const type = schema.getType(parent)
  if (!type || !(isObjectType(type) || isInterfaceType(type))) return undefined
  const def = type.getFields()[field]
  return def ? getNamedType(def.type).name : undefined
}

function picked(text: string, rootField = 'books', rootType = 'Book'): Picked {
  const parsed = parseOperation(text, { operationType: 'query' as never, rootField })
  if (!parsed.isOk) throw new Error(parsed.message)
  return readPicked(parsed.rootField?.selectionSet, { fragments: parsed.fragments, parentType: rootType, fieldType })
}

/** A plain object view of a Picked tree, for equality checks. */
function plain(p: Picked | null): unknown {
  if (!p) return true
  return {
    ...Object.fromEntries([...p.fields].map(([k, v]) => [k, plain(v)])),
    ...Object.fromEntries([...p.on].map(([k, v]) => [`on ${k}`, plain(v)])),
    ...(p.viaSpread.size ? { viaSpread: [...p.viaSpread] } : {}),
  }
}

describe('readPicked', () => {
  it('reads nested fields and merges aliased selections of one field', () => {
    expect(plain(picked('{ books { id a: author { name } b: author { id } } }'))).toEqual({
      id: true,
      author: { name: true, id: true },
    })
  })

  it('reads inline fragments on other types apart and merges those on the same type', () => {
    const text = '{ search(text: "x") { __typename ... on Book { title } ... on Magazine { issue } } }'
    expect(plain(picked(text, 'search', 'SearchResult'))).toEqual({
      __typename: true,
      'on Book': { title: true },
      'on Magazine': { issue: true },
    })
    expect(plain(picked('{ books { ... on Book { id } ... { title } } }'))).toEqual({ id: true, title: true })
  })

  it('follows named fragments and marks what only they pick', () => {
    const text =
      '{ books { id ...BookBits author { ...AuthorBits } } } fragment BookBits on Book { id title } fragment AuthorBits on Author { name }'
    expect(plain(picked(text))).toEqual({
      id: true,
      title: true,
      author: { name: true, viaSpread: ['name'] },
      viaSpread: ['title'],
    })
  })

  it('survives a fragment cycle', () => {
    const text = '{ books { ...A } } fragment A on Book { id ...B } fragment B on Book { title ...A }'
    expect(plain(picked(text))).toEqual({ id: true, title: true, viaSpread: ['id', 'title'] })
  })
})

describe('parseOperation', () => {
  it('reports a syntax error with its position', () => {
    expect(parseOperation('{ books { id }', { operationType: 'query' as never, rootField: 'books' })).toMatchObject({
      isOk: false,
      line: 1,
    })
  })

  it('picks the named operation, else the first of the right type selecting the root field', () => {
    const text = 'mutation M { addBook(title: "a", authorId: "1") { id } } query A { hello } query B { books { id } }'
    const first = parseOperation(text, { operationType: 'query' as never, rootField: 'books' })
    expect(first.isOk && first.operation.name?.value).toBe('B')
    const named = parseOperation(text, { operationType: 'query' as never, rootField: 'books', operationName: 'A' })
    expect(named.isOk && named.operation.name?.value).toBe('A')
    expect(named.isOk && named.rootField).toBeUndefined()
    expect(named.isOk && named.operationNames).toEqual(['M', 'A', 'B'])
  })
})
