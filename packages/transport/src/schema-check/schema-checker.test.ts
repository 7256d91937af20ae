import { createRequire } from 'node:module'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { buildSchemaChecker, checkerModules } from './schema-checker.js'

const newChecker = () => buildSchemaChecker(createRequire(import.meta.url), checkerModules(), 100)
let keys = 0
const check = (schema: object, value: unknown) => newChecker().check(`k${keys++}`, schema, value)

/** What Ajv itself says of the same schema compiled whole: the reference the checker must agree with. */
function reference(schema: object, value: unknown): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false, logger: false })
  addFormats.default(ajv)
  const validate = ajv.compile(schema)
  if (validate(value)) return []
  const at = (e: { instancePath: string; params: Record<string, unknown> }) =>
    typeof e.params['additionalProperty'] === 'string'
      ? `${e.instancePath}/${e.params['additionalProperty']}`
      : e.instancePath
  return [...new Set((validate.errors ?? []).filter((e) => e.keyword !== 'if').map(at))].sort()
}
const pointers = (schema: object, value: unknown) => [...new Set(check(schema, value).map((p) => p.pointer))].sort()

const address = {
  type: 'object',
  required: ['city'],
  properties: { city: { type: 'string' }, zip: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
}
const customer = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' }, address: { $ref: '#/$defs/address' }, referrer: { $ref: '#/$defs/customer' } },
}
const charge = {
  type: 'object',
  required: ['id', 'amount'],
  properties: {
    id: { type: 'string' },
    amount: { type: 'integer' },
    customer: { anyOf: [{ type: 'string', maxLength: 8 }, { $ref: '#/$defs/customer' }] },
    kind: { enum: ['card', 'bank'] },
    tags: { type: 'array', items: { $ref: '#/$defs/tag' } },
  },
  additionalProperties: false,
}
const list = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { $ref: '#/$defs/charge' } } },
  $defs: { charge, customer, address, tag: { type: 'string', minLength: 1 } },
}

describe('schema checker: references compiled when a value reaches them', () => {
  const cases: [string, unknown][] = [
    ['valid', { data: [{ id: 'a', amount: 1, customer: 'cus_1', tags: ['x'] }] }],
    [
      'wrong type deep in a referenced definition',
      { data: [{ id: 'a', amount: 1, customer: { id: 'c', address: { city: 3 } } }] },
    ],
    [
      'missing required in a recursive reference',
      { data: [{ id: 'a', amount: 1, customer: { id: 'c', referrer: { referrer: {} } } }] },
    ],
    ['anyOf where no branch passes', { data: [{ id: 'a', amount: 1, customer: 'a-string-too-long' }] }],
    ['extra property and items', { data: [{ id: 'a', amount: 1.5, extra: true, tags: ['', 2] }, 'not an object'] }],
    ['root type', []],
  ]
  it.each(cases)('reports what Ajv reports of the whole schema: %s', (_name, value) => {
    expect(pointers(list, value)).toEqual(reference(list, value))
  })

  it('keeps the messages and keywords of a referenced definition, at the pointer of the value', () => {
    const value = {
      data: [
        { id: 'a', amount: 1 },
        { id: 'b', amount: 1, customer: { id: 'c', address: {} } },
      ],
    }
    expect(check(list, value)).toEqual(
      expect.arrayContaining([
        { pointer: '/data/1/customer/address', keyword: 'required', message: "must have required property 'city'" },
        { pointer: '/data/1/customer', keyword: 'anyOf', message: 'must match a schema in anyOf' },
      ]),
    )
  })

  it('never compiles a definition no value reaches, and names a broken one where a value reaches it', () => {
    const schema = {
      type: 'object',
      properties: { ok: { type: 'string' }, odd: { $ref: '#/$defs/broken' } },
      $defs: { broken: { type: 'no-such-type' } },
    }
    // Compiled whole, the unreached definition made every answer "the schema itself cannot be used".
    expect(check(schema, { ok: 'x' })).toEqual([])
    const [problem] = check(schema, { ok: 'x', odd: 1 })
    expect(problem).toMatchObject({ pointer: '/odd', keyword: 'schema' })
    expect(problem?.message).toContain('the schema itself cannot be used')
  })

  it('compiles whole what depends on what a reference evaluated (unevaluatedProperties)', () => {
    const schema = {
      allOf: [{ $ref: '#/$defs/named' }],
      unevaluatedProperties: false,
      $defs: { named: { properties: { name: { type: 'string' } } } },
    }
    expect(check(schema, { name: 'x' })).toEqual([])
    expect(check(schema, { name: 'x', other: 1 }).map((p) => p.pointer)).toEqual(['/other'])
  })

  it('compiles whole a schema whose references leave its $defs', () => {
    const schema = { properties: { a: { $ref: '#/properties/b' }, b: { type: 'integer' } }, $defs: {} }
    expect(check(schema, { a: 'x', b: 1 }).map((p) => p.pointer)).toEqual(['/a'])
  })

  it('stays correct when old schemas are dropped to bound memory', () => {
    const checker = newChecker()
    const small = { properties: { id: { $ref: '#/$defs/id' } }, $defs: { id: { type: 'string' } } }
    for (let i = 0; i < 520; i++) expect(checker.check(`key-${i}`, small, { id: `${i}` })).toEqual([])
    expect(checker.has('key-0')).toBe(false)
    expect(checker.has('key-519')).toBe(true)
    expect(checker.check('key-0', small, { id: 1 }).map((p) => p.pointer)).toEqual(['/id'])
  })
})
