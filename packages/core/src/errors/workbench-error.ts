/** The one error type of Wirebench: a closed set of codes, a message a person can act on, and optional details. */

export type WorkbenchErrorCode =
  | 'invalid_request'
  | 'invalid_document'
  | 'not_found'
  | 'no_services'
  | 'no_plugin'
  | 'unsupported'
  | 'upstream_unreachable'
  | 'upstream_error'
  | 'upstream_invalid'
  | 'timeout'
  | 'cancelled'
  | 'payload_too_large'
  | 'forbidden'
  | 'unauthorized'
  | 'blocked_target'
  | 'storage_corrupt'
  | 'conflict'
  /** The server is busy with other requests (a queue is full): retry shortly, nothing is wrong with this one. */
  | 'busy'
  | 'internal'

export interface WorkbenchErrorOptions {
  cause?: unknown
  details?: Record<string, unknown>
  /** What the user can do next, shown under the message. */
  hint?: string
}

export class WorkbenchError extends Error {
  override readonly name = 'WorkbenchError'
  readonly code: WorkbenchErrorCode
  readonly details?: Record<string, unknown>
  readonly hint?: string

  constructor(code: WorkbenchErrorCode, message: string, options: WorkbenchErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    if (options.details) this.details = options.details
    if (options.hint) this.hint = options.hint
  }

  /** Wraps anything thrown into a WorkbenchError, keeping an existing one as is. */
  static from(error: unknown, fallback: WorkbenchErrorCode = 'internal'): WorkbenchError {
    if (error instanceof WorkbenchError) return error
    if (isAbortError(error)) return new WorkbenchError('cancelled', 'The call was cancelled.', { cause: error })
    if (isTimeoutError(error)) return new WorkbenchError('timeout', 'The call timed out.', { cause: error })
    if (error instanceof Error) return new WorkbenchError(fallback, error.message, { cause: error })
    return new WorkbenchError(fallback, typeof error === 'string' ? error : 'Unexpected error.', { cause: error })
  }

  static is(error: unknown, code?: WorkbenchErrorCode): error is WorkbenchError {
    return error instanceof WorkbenchError && (code === undefined || error.code === code)
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError'
}
