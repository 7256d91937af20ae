import { buildSchema, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { defaultOperation } from './operation-text.js'

const schema = buildSchema(`
  interface Named { name: String! }
  type Tag { label: String! }
  type Item implements Named {
    id: ID!
    name: String!
    kind: Kind
    tags: [Tag!]!
    parent: Item
    related(first: Int!): [Item!]!
    meta: Meta
  }
  type Meta { inner: Tag }
  type Wrap { meta: Meta }
  enum Kind { A B }
  union Found = Item | Tag
  type Query {
    item(id: ID!, kinds: [Kind!] = [A]): Item
    count: Int!
    named: Named
    found: [Found!]!
    empty: Meta
    wrap: Wrap
  }
`)
const field = (name: string) => schema.getQueryType()!.getFields()[name]!

describe('defaultOperation', () => {
  it('declares every argument as a variable and passes it by name', () => {
    const op = defaultOperation('query', field('item'))
    expect(op.name).toBe('Item')
    expect(op.text.split('\n')[0]).toBe('query Item($id: ID!, $kinds: [Kind!]) {')
    expect(op.text).toContain('  item(id: $id, kinds: $kinds) {')
  })

  it('selects scalars and enums, then the scalars of object fields one level down', () => {
    const text = defaultOperation('query', field('item')).text
    expect(text).toContain('\n    id\n    name\n    kind\n')
    expect(text).toContain('    tags {\n      label\n    }')
    expect(text).toContain('    parent {\n      id\n      name\n      kind\n    }')
  })

  it('skips fields with required arguments and object fields with nothing to select', () => {
    const text = defaultOperation('query', field('item')).text
    expect(text).not.toContain('related')
    // Meta.inner is an object two levels down: Meta offers no scalar of its own.
    expect(text).not.toContain('meta')
  })

  it('selects __typename on abstract types and when nothing else can be selected', () => {
    expect(defaultOperation('query', field('named')).text).toContain('    __typename\n    name')
    expect(defaultOperation('query', field('found')).text).toContain('found {\n    __typename\n  }')
    expect(defaultOperation('query', field('empty')).text).toContain('empty {\n    inner {\n      label\n    }\n  }')
    expect(defaultOperation('query', field('wrap')).text).toContain('wrap {\n    __typename\n  }')
  })

  it('writes no selection for a scalar root field and no parentheses without arguments', () => {
    expect(defaultOperation('query', field('count')).text).toBe('query Count {\n  count\n}\n')
  })

  it('produces operations the schema validates', () => {
    for (const name of ['item', 'count', 'named', 'found', 'empty', 'wrap']) {
      expect(validate(schema, parse(defaultOperation('query', field(name)).text))).toEqual([])
    }
  })

  it('leaves deprecated fields out of the selection', () => {
    const deprecated = buildSchema(`
      type Book { id: ID!, title: String!, isbn: String @deprecated(reason: "Use id."), old: Book @deprecated }
      type Query { books: [Book!]! }
    `)
    const text = defaultOperation('query', deprecated.getQueryType()!.getFields()['books']!).text
    expect(text).toBe('query Books {\n  books {\n    id\n    title\n  }\n}\n')
    expect(validate(deprecated, parse(text))).toEqual([])
  })
})
