import { Kind, buildSchema, parse } from 'graphql'
import type { FragmentDefinitionNode, OperationDefinitionNode } from 'graphql'
import { describe, expect, it } from 'vitest'
import { schemaChecker } from '@wirebench/transport/schema-check'
import { validateGraphqlResponse } from './validation.js'
import { operationResponseSchema } from './validation-schema.js'

const schema = buildSchema(/* GraphQL */ `
  enum Color {
    RED
    GREEN
  }
  interface Shape {
    id: ID!
  }
  type Circle implements Shape {
    id: ID!
    radius: Float!
  }
  type Square implements Shape {
    id: ID!
    side: Int!
  }
  type Triangle implements Shape {
    id: ID!
  }
  type Pet {
    name: String!
    age: Int
    color: Color
    tags: [String!]!
  }
  type Query {
    pet: Pet
    shapes: [Shape!]!
  }
`)

const query = `query Q { pet { name nick: age color tags } shapes { __typename id ... on Circle { radius } ...S } }
  fragment S on Square { side }`
const document = parse(query)
const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode
const fragments = new Map(
  document.definitions
    .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
    .map((d) => [d.name.value, d]),
)
const responseSchema = operationResponseSchema(schema, operation, fragments)!

const pet = { name: 'Rex', nick: 3, color: 'RED', tags: ['a'] }
const shapes = [
  { __typename: 'Circle', id: '1', radius: 1.5 },
  { __typename: 'Square', id: '2', side: 2 },
  { __typename: 'Triangle', id: '3' },
]

/** Pointers the worker's check (JSON Schema) finds, and those the inline walk finds, for the same body. */
function both(data: unknown): { worker: string[]; walk: string[] } {
  const body = { data }
  const worker = schemaChecker().check('graphql-test', responseSchema, body)
  const walk = validateGraphqlResponse(schema, { query, operationName: 'Q' }, body)?.problems ?? []
  const pointers = (problems: Array<{ pointer: string }>) => [...new Set(problems.map((p) => p.pointer))].sort()
  return { worker: pointers(worker), walk: pointers(walk) }
}

describe('an operation’s response as JSON Schema (what the worker checks large answers against)', () => {
  it('passes what the inline walk passes: aliases, fragments on concrete types, a type no fragment names', () => {
    expect(both({ pet, shapes })).toEqual({ worker: [], walk: [] })
    expect(both({ pet: null, shapes: [] })).toEqual({ worker: [], walk: [] })
  })

  it.each([
    ['a scalar of the wrong type', { pet: { ...pet, nick: 'three' }, shapes }, '/data/pet/nick'],
    ['an Int beyond 32 bits', { pet: { ...pet, nick: 2 ** 40 }, shapes }, '/data/pet/nick'],
    ['a null in a non-null field', { pet: { ...pet, name: null }, shapes }, '/data/pet/name'],
    ['a value outside the enum', { pet: { ...pet, color: 'BLUE' }, shapes }, '/data/pet/color'],
    ['a selected field missing', { pet: { name: 'Rex', color: null, tags: [] }, shapes }, '/data/pet'],
    ['a field nobody selected', { pet: { ...pet, age: 3 }, shapes }, '/data/pet/age'],
    ['a list that is no list', { pet: { ...pet, tags: 'a' }, shapes }, '/data/pet/tags'],
    ['a null item in a list of non-null', { pet: { ...pet, tags: [null] }, shapes }, '/data/pet/tags/0'],
    ['a fragment’s field missing', { pet, shapes: [{ __typename: 'Square', id: '2' }] }, '/data/shapes/0'],
    [
      'a fragment’s field of another type',
      { pet, shapes: [{ __typename: 'Square', id: '2', side: 2.5 }] },
      '/data/shapes/0/side',
    ],
    [
      'a field of another concrete type',
      { pet, shapes: [{ __typename: 'Triangle', id: '3', side: 1 }] },
      '/data/shapes/0/side',
    ],
    ['a __typename that is no Shape', { pet, shapes: [{ __typename: 'Pet', id: '3' }] }, '/data/shapes/0/__typename'],
  ])('finds %s where the inline walk does', (_case, data, pointer) => {
    const found = both(data)
    expect(found.worker).toContain(pointer)
    expect(found.walk).toContain(pointer)
  })

  it('without __typename (selected, so missing) lets any fragment’s fields be there but requires none', () => {
    const missing = ['/data/shapes/0', '/data/shapes/1']
    expect(both({ pet, shapes: [{ id: '1', radius: 2 }, { id: '2' }] })).toEqual({ worker: missing, walk: missing })
    const stray = ['/data/shapes/0', '/data/shapes/0/corners']
    expect(both({ pet, shapes: [{ id: '1', corners: 3 }] })).toEqual({ worker: stray, walk: stray })
  })
})
