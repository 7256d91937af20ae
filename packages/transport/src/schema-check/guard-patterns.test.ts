import { describe, expect, it } from 'vitest'
import { guardSchemaPatterns, uncheckedPatternKeyword, uncheckedPatternPropertiesKeyword } from './guard-patterns.js'
import { schemaChecker } from './schema-checker.js'

// `^(a+)+$` backtracks for minutes on `'a'.repeat(40) + '!'`; the tests use short values that show whether the
// pattern ran (a regression must fail here, not hang the run).
let keys = 0
const check = (schema: object, value: unknown) => schemaChecker().check(`guard-${keys++}`, schema, value)

describe('guardSchemaPatterns', () => {
  it('sets an unsafe pattern aside and keeps the rest of the schema', () => {
    const schema = { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$', maxLength: 50 } } }
    const guarded = guardSchemaPatterns(schema)
    expect(guarded.properties.id).toEqual({ type: 'string', maxLength: 50, [uncheckedPatternKeyword]: '^(a+)+$' })
    expect(schema.properties.id.pattern).toBe('^(a+)+$')
  })

  it('returns the same object when every pattern is safe, and leaves data and property names alone', () => {
    const schema = {
      type: 'object',
      properties: {
        pattern: { type: 'string', pattern: '^v\\d+(\\.\\d+)?$' },
        tag: { const: { pattern: '(a+)+$' }, examples: [{ pattern: '(a+)+$' }] },
      },
    }
    expect(guardSchemaPatterns(schema)).toBe(schema)
  })

  it('sets unsafe patternProperties aside with the keywords that depended on them', () => {
    const schema = {
      type: 'object',
      patternProperties: { '^x-': { type: 'string' }, '^(a|a)*$': { type: 'number' } },
      additionalProperties: false,
    }
    const guarded = guardSchemaPatterns(schema) as Record<string, unknown>
    expect(guarded['patternProperties']).toEqual({ '^x-': { type: 'string' } })
    expect(guarded['additionalProperties']).toBeUndefined()
    expect(guarded[uncheckedPatternPropertiesKeyword]).toEqual({
      patternProperties: { '^(a|a)*$': { type: 'number' } },
      additionalProperties: false,
    })
  })

  it('copes with shared and cyclic objects', () => {
    const node: Record<string, unknown> = { type: 'object', properties: { name: { pattern: '(\\w+\\s?)*$' } } }
    ;(node['properties'] as Record<string, unknown>)['child'] = node
    const guarded = guardSchemaPatterns({ anyOf: [node, node] })
    expect(guarded.anyOf[0]).toBe(guarded.anyOf[1])
  })
})

describe('the shared checker with a hostile document', () => {
  it('checks a body against a schema whose pattern could backtrack for minutes, without running that pattern', () => {
    const schema = { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$', maxLength: 3 } } }
    const problems = check(schema, { id: 'bbbb' })
    expect(problems.map((p) => p.keyword)).toEqual(['maxLength'])
  })

  it('still enforces safe patterns', () => {
    const problems = check({ type: 'string', pattern: '^v\\d+$' }, 'x1')
    expect(problems.map((p) => p.keyword)).toEqual(['pattern'])
  })

  it('checks property names without running an unsafe patternProperties key', () => {
    const schema = { type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } }, additionalProperties: false }
    expect(check(schema, { aaa: 'text', b: 1 })).toEqual([])
  })
})
