import { afterAll, describe, expect, it } from 'vitest'
import { createResponseValidator } from './response-validator.js'

const validator = createResponseValidator({ inlineLimitBytes: 0 })
afterAll(() => validator.close())

describe('the validation worker with a hostile document', () => {
  it('validates a body whose schema holds a pattern that could backtrack for minutes, without running it', async () => {
    // `^(a+)+$` hangs on 40 a's and a '!'; a short value shows whether it ran without risking a hung run.
    const schema = { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$', maxLength: 3 } } }
    const body = JSON.stringify({ id: 'bbbb' })
    const pending = validator.submit({ key: 'hostile', schema, schemaName: 'Hostile', body })
    const result = await validator.result(pending.id)
    expect(result?.problems.map((p) => p.keyword)).toEqual(['maxLength'])
  })

  it('still reports a safe pattern that does not match', async () => {
    const schema = { type: 'string', pattern: '^v\\d+$' }
    const pending = validator.submit({ key: 'safe', schema, schemaName: 'Version', body: '"x1"' })
    const result = await validator.result(pending.id)
    expect(result?.problems.map((p) => p.keyword)).toEqual(['pattern'])
  })
})
