import { describe, expect, it } from 'vitest'
import { elicitationContent, elicitationFields } from './elicitation-fields.js'

describe('elicitation forms', () => {
  const fields = elicitationFields({
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', description: 'Your ${name}' },
      guests: { type: 'integer', default: 2 },
      terrace: { type: 'boolean' },
      time: { type: 'string', oneOf: [{ const: '19:00', title: 'Seven' }, { const: '20:00' }] },
    },
    required: ['name', 'guests'],
  })

  it('reads the flat schema: titles, types, required, defaults, enum choices from enum or oneOf', () => {
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['name', 'string', true],
      ['guests', 'integer', true],
      ['terrace', 'boolean', false],
      ['time', 'string', false],
    ])
    expect(fields[0]?.description).toBe('Your ${name}')
    expect(fields[1]?.defaultValue).toBe(2)
    expect(fields[3]?.enumValues).toEqual(['19:00', '20:00'])
  })

  it('types the answers and names what is missing or not a number', () => {
    expect(elicitationContent(fields, { name: ' Ada ', guests: '3', terrace: true, time: '' })).toEqual({
      content: { name: 'Ada', guests: 3, terrace: true },
      missing: [],
    })
    expect(elicitationContent(fields, { name: '', guests: '2.5' }).missing).toEqual(['Name', 'guests (a whole number)'])
  })
})
