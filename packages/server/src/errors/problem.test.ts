import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { toProblem } from './problem.js'

describe('toProblem', () => {
  it('carries the upstream status of a proxied answer so a client can tell a rejection from an outage', () => {
    const error = new WorkbenchError('upstream_error', 'The token endpoint answered 400 invalid_grant.', {
      details: { upstreamStatus: 400, body: 'secret-bearing text' },
    })
    const problem = toProblem(error)
    expect(problem).toMatchObject({ status: 502, code: 'upstream_error', upstreamStatus: 400 })
    expect(JSON.stringify(problem)).not.toContain('secret-bearing')
  })

  it('copies nothing that is not a well-formed HTTP status', () => {
    for (const upstreamStatus of ['400', 42, 600, 4.5, null]) {
      const problem = toProblem(new WorkbenchError('upstream_error', 'x', { details: { upstreamStatus } }))
      expect(problem).not.toHaveProperty('upstreamStatus')
    }
  })
})

describe('toProblem diagnostics', () => {
  it('renders schema diagnostics field by field and drops malformed entries', () => {
    const diagnostics = [
      { file: 'a.proto', line: 7, column: 3, message: 'unexpected int32', hint: 'Add a field name.', extra: 'x' },
      { file: 'b.proto', line: -1, message: 'missing import', secret: 'no' },
      { line: 2 },
      'text',
    ]
    const problem = toProblem(new WorkbenchError('invalid_document', 'bad', { details: { diagnostics } }))
    expect(problem.diagnostics).toEqual([
      { file: 'a.proto', line: 7, column: 3, message: 'unexpected int32', hint: 'Add a field name.' },
      { file: 'b.proto', message: 'missing import' },
    ])
  })
})
