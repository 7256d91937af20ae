import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { createInputFieldBuilder } from './input-fields.js'

const schema = buildSchema(`
  scalar Date
  enum Level { LOW HIGH }
  input Range { from: Date!, to: Date }
  input Filter { level: Level = LOW, range: Range, matrix: [[Int!]!], next: Filter, tags: [String!]! }
  type Query {
    search(q: String!, limit: Int = 5, ratio: Float, exact: Boolean, id: ID, filter: Filter, old: String @deprecated): Int
    deep(filter: Filter): Int
  }
`)
const args = (name: string) => schema.getQueryType()!.getFields()[name]!.args

describe('input fields from GraphQL arguments', () => {
  it('maps the built-in scalars, defaults and non-null', () => {
    const fields = createInputFieldBuilder(4).argumentFields(args('search'))
    expect(fields.map((f) => [f.name, f.type, f.format, f.required, f.number])).toEqual([
      ['q', 'string', undefined, true, 1],
      ['limit', 'int32', undefined, false, 2],
      ['ratio', 'double', undefined, false, 3],
      ['exact', 'bool', undefined, false, 4],
      ['id', 'string', 'id', false, 5],
      ['filter', 'message', undefined, false, 6],
      ['old', 'string', undefined, false, 7],
    ])
    expect(fields[1]?.defaultValue).toBe(5)
    expect(fields[0]?.label).toBe('required')
    expect(fields[6]?.deprecated).toBe(true)
  })

  it('maps enums, custom scalars, lists, lists of lists and self-references', () => {
    const filter = createInputFieldBuilder(4).argumentFields(args('search'))[5]!.messageType!
    const byName = Object.fromEntries(filter.fields.map((f) => [f.name, f]))
    expect(byName.level).toMatchObject({ type: 'enum', defaultValue: 'LOW' })
    expect(byName.level?.enumValues).toEqual([
      { name: 'LOW', number: 0 },
      { name: 'HIGH', number: 1 },
    ])
    expect(byName.range?.messageType?.fields[0]).toMatchObject({
      name: 'from',
      type: 'json',
      format: 'Date',
      required: true,
    })
    expect(byName.matrix).toMatchObject({ type: 'json', isRepeated: true, format: '[[Int!]!]' })
    expect(byName.tags).toMatchObject({ type: 'string', isRepeated: true, label: 'repeated', required: true })
    expect(byName.next?.messageType).toEqual({ name: 'Filter', fullName: 'Filter', fields: [], truncated: true })
    expect(filter.truncated).toBe(true)
  })

  it('cuts input objects at the depth cap and shares one message per type and depth', () => {
    const builder = createInputFieldBuilder(1)
    const first = builder.argumentFields(args('search'))[5]!.messageType!
    expect(first.fields.find((f) => f.name === 'range')?.messageType).toMatchObject({ fields: [], truncated: true })
    const again = builder.argumentFields(args('deep'))[0]!.messageType
    expect(again).toBe(first)
  })
})
