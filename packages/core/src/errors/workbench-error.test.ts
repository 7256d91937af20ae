import { describe, expect, it } from 'vitest'
import { WorkbenchError } from './workbench-error.js'

describe('WorkbenchError.from', () => {
  it('keeps an existing WorkbenchError', () => {
    const error = new WorkbenchError('not_found', 'x')
    expect(WorkbenchError.from(error)).toBe(error)
  })

  it('maps abort and timeout errors to their codes', () => {
    expect(WorkbenchError.from(new DOMException('aborted', 'AbortError')).code).toBe('cancelled')
    expect(WorkbenchError.from(new DOMException('late', 'TimeoutError')).code).toBe('timeout')
  })

  it('wraps other errors with the fallback code and keeps the cause', () => {
    const cause = new Error('boom')
    const wrapped = WorkbenchError.from(cause, 'upstream_error')
    expect(wrapped.code).toBe('upstream_error')
    expect(wrapped.message).toBe('boom')
    expect(wrapped.cause).toBe(cause)
  })
})
