/** The error the API client throws: an RFC 9457 problem from the server, or a network failure dressed as one. */
import type { Problem, WorkbenchErrorCode } from '@wirebench/core'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly problem: Problem

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title)
    this.problem = problem
  }

  /** 401/403 from the session gate: the user must reopen the URL the CLI printed. */
  get isSessionProblem(): boolean {
    return this.problem.status === 401 || this.problem.status === 403
  }

  static fromUnknown(error: unknown): ApiError {
    if (error instanceof ApiError) return error
    const message = error instanceof Error ? error.message : String(error)
    return new ApiError({
      type: 'about:blank',
      title: 'The workbench server could not be reached',
      status: 0,
      detail: message,
      code: 'upstream_unreachable',
      hint: 'Check that the wirebench command is still running.',
    })
  }
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string'
}

const statusCodes: Record<number, WorkbenchErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  502: 'upstream_error',
  504: 'timeout',
}

/** Builds the ApiError for a failed response, whatever body it carried. */
export async function problemFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (isProblem(body)) return new ApiError({ ...body, status: body.status || response.status })
  return new ApiError({
    type: 'about:blank',
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    detail: text.slice(0, 500) || undefined,
    code: statusCodes[response.status] ?? 'internal',
  })
}
