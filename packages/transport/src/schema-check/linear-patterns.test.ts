import { describe, expect, it } from 'vitest'
import { schemaChecker } from './schema-checker.js'

// Documents come from servers nobody here controls, and JavaScript's engine backtracks for minutes on `(a+)+$` over
// `'a'.repeat(40) + '!'` or `a*a*a*a*$` over a few hundred characters. The checker runs patterns on RE2JS; each case
// uses a size a backtracking engine needs seconds for (so the runner's timeout fails it) but not minutes.
let keys = 0
const check = (schema: object, value: unknown) => schemaChecker().check(`linear-${keys++}`, schema, value)
const keywords = (schema: object, value: unknown) => check(schema, value).map((p) => p.keyword)

describe('document patterns run in linear time', () => {
  it('checks nested quantifiers', () => {
    const value = `${'a'.repeat(27)}!`
    expect(keywords({ type: 'string', pattern: '^(a+)+$' }, value)).toEqual(['pattern'])
    expect(keywords({ type: 'string', pattern: '^(a+)+!$' }, value)).toEqual([])
  }, 3000)

  it('checks adjacent quantifiers', () => {
    const value = `${'a'.repeat(150)}!`
    expect(keywords({ type: 'string', pattern: 'a*a*a*a*$' }, value)).toEqual([])
    expect(keywords({ type: 'string', pattern: '^a*a*a*a*$' }, value)).toEqual(['pattern'])
  }, 3000)

  it('checks patternProperties keys against property names', () => {
    const schema = { type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } }, additionalProperties: false }
    expect(check(schema, { aaa: 1 })).toEqual([])
    expect(check(schema, { [`${'a'.repeat(27)}!`]: 1 }).map((p) => p.keyword)).toEqual(['additionalProperties'])
  }, 3000)

  it('keys each pattern by its own text (two patterns in one schema both apply)', () => {
    const schema = { type: 'object', properties: { a: { pattern: '^x' }, b: { pattern: '^y' } } }
    expect(check(schema, { a: 'x1', b: 'y1' })).toEqual([])
    expect(check(schema, { a: 'y1', b: 'x1' }).map((p) => p.pointer)).toEqual(['/a', '/b'])
  })

  it('leaves a pattern RE2 cannot run unchecked instead of running it, and checks the rest', () => {
    const schema = { type: 'string', pattern: '^(?=a)(a+)+$', maxLength: 3 }
    expect(keywords(schema, 'bbbb')).toEqual(['maxLength'])
  })

  it('keeps Unicode classes and anchors as JSON Schema means them', () => {
    expect(keywords({ type: 'string', pattern: '^\\p{L}+$' }, 'Zoë')).toEqual([])
    expect(keywords({ type: 'string', pattern: '^\\d{3}$' }, '1234')).toEqual(['pattern'])
    expect(keywords({ type: 'string', pattern: 'b' }, 'abc')).toEqual([])
  })
})
