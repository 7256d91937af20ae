import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { validateGraphqlResponse } from './validation.js'

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

const query = `query Q { pet { name nick: age color tags } shapes { __typename id ... on Circle { radius } ... on Square { side } } }`
const good = {
  data: {
    pet: { name: 'Rex', nick: 3, color: 'RED', tags: ['a'] },
    shapes: [
      { __typename: 'Circle', id: '1', radius: 1.5 },
      { __typename: 'Square', id: '2', side: 2 },
    ],
  },
}
const check = (body: unknown) => validateGraphqlResponse(schema, { query, operationName: 'Q' }, body)

describe('GraphQL response validation', () => {
  it('passes data that matches the selection, aliases and fragments on the concrete type', () => {
    expect(check(good)).toEqual({ valid: true, schema: "query Q against the endpoint's schema", problems: [] })
  })

  it.each([
    ['type', { ...good.data, pet: { ...good.data.pet, nick: 'three' } }, '/data/pet/nick'],
    ['nullable', { ...good.data, pet: { ...good.data.pet, name: null } }, '/data/pet/name'],
    ['enum', { ...good.data, pet: { ...good.data.pet, color: 'BLUE' } }, '/data/pet/color'],
    ['required', { ...good.data, pet: { name: 'Rex', color: null, tags: [] } }, '/data/pet'],
    ['additionalProperties', { ...good.data, pet: { ...good.data.pet, age: 3 } }, '/data/pet/age'],
    ['type', { ...good.data, pet: { ...good.data.pet, tags: 'a' } }, '/data/pet/tags'],
    ['required', { ...good.data, shapes: [{ __typename: 'Square', id: '2' }] }, '/data/shapes/0'],
    ['type', { ...good.data, shapes: [{ __typename: 'Square', id: '2', side: 2.5 }] }, '/data/shapes/0/side'],
  ])('reports %s at its JSON pointer', (keyword, data, pointer) => {
    const validation = check({ data })
    expect(validation?.valid).toBe(false)
    expect(validation?.problems).toContainEqual(expect.objectContaining({ keyword, pointer }))
  })

  it('lists reported errors where their path points, and a null there is not a second problem', () => {
    const body = {
      data: { ...good.data, pet: null },
      errors: [{ message: 'Pet store closed', path: ['pet'] }],
    }
    expect(check(body)?.problems).toEqual([
      { pointer: '/data/pet', keyword: 'graphql', message: 'the server reported: Pet store closed' },
    ])
  })
})
