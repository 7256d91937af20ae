import { afterAll, describe, expect, it } from 'vitest'
import { createResponseValidator } from './response-validator.js'

const validator = createResponseValidator({ inlineLimitBytes: 0 })
afterAll(() => validator.close())

describe('the validation worker with a hostile document', () => {
  it('runs a pattern that backtracks for seconds in JavaScript in linear time', async () => {
    // A backtracking engine needs seconds for `^a*a*a*a*$` on 150 a's and a '!' (the runner's timeout fails it).
    const schema = { type: 'object', properties: { id: { type: 'string', pattern: '^a*a*a*a*$' } } }
    const body = JSON.stringify({ id: `${'a'.repeat(150)}!` })
    const pending = validator.submit({ key: 'hostile', schema, schemaName: 'Hostile', body })
    const result = await validator.result(pending.id)
    expect(result?.problems.map((p) => p.keyword)).toEqual(['pattern'])
  }, 3000)

  it('leaves a pattern RE2 cannot run unchecked and checks the rest', async () => {
    const schema = { type: 'string', pattern: '(a)\\1', maxLength: 1 }
    const pending = validator.submit({ key: 'lookaround', schema, schemaName: 'Other', body: '"xy"' })
    const result = await validator.result(pending.id)
    expect(result?.problems.map((p) => p.keyword)).toEqual(['maxLength'])
  })
})
