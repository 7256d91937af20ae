/** The error the API client throws: an RFC 9457 problem from the server, or a network failure dressed as one. */
import { SESSION_PROBLEM_TYPE } from '@wirebench/core'
import type { Problem, WorkbenchErrorCode } from '@wirebench/core'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly problem: Problem

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title)
    this.problem = problem
  }

  /**
   * The workbench's own session refusal (its gates mark it by type): the user must reopen the URL the CLI printed.
   * Told by the type, never by the status: a target refusing credentials may come back as a 401/403 too.
   */
  get isSessionProblem(): boolean {
    return this.problem.type === SESSION_PROBLEM_TYPE
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
  // A bare 401/403 (no problem body) comes from something in front of the workbench (a proxy, the embedding host):
  // the page cannot go on without signing in again.
  const isBareRefusal = response.status === 401 || response.status === 403
  return new ApiError({
    type: isBareRefusal ? SESSION_PROBLEM_TYPE : 'about:blank',
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    detail: text.slice(0, 500) || undefined,
    code: statusCodes[response.status] ?? 'internal',
  })
}
