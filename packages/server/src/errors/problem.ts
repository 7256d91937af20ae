/** The one place that maps WorkbenchError codes to HTTP statuses and renders RFC 9457 problem documents. */
import { SESSION_PROBLEM_TYPE, WorkbenchError, problemType } from '@wirebench/core'
import type { AuthChallenge, Problem, SchemaDiagnostic, WorkbenchErrorCode } from '@wirebench/core'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

const statusByCode: Record<WorkbenchErrorCode, number> = {
  invalid_request: 400,
  invalid_document: 422,
  not_found: 404,
  no_services: 404,
  no_plugin: 400,
  unsupported: 501,
  upstream_unreachable: 502,
  upstream_error: 502,
  upstream_invalid: 502,
  timeout: 504,
  // 499 (client closed request): nobody reads it, but logs show why the call ended.
  cancelled: 499,
  payload_too_large: 413,
  forbidden: 403,
  unauthorized: 401,
  blocked_target: 403,
  storage_corrupt: 500,
  conflict: 409,
  // 503 with Retry-After: retryable, unlike 409 which asks the user to choose between versions.
  busy: 503,
  internal: 500,
}

const titleByCode: Record<WorkbenchErrorCode, string> = {
  invalid_request: 'Invalid request',
  invalid_document: 'Invalid document',
  not_found: 'Not found',
  no_services: 'No services discovered',
  no_plugin: 'No plugin for this request',
  unsupported: 'Not supported',
  upstream_unreachable: 'Target unreachable',
  upstream_error: 'Target error',
  upstream_invalid: 'Invalid answer from the target',
  timeout: 'Timed out',
  cancelled: 'Cancelled',
  payload_too_large: 'Payload too large',
  forbidden: 'Forbidden',
  unauthorized: 'Unauthorized',
  blocked_target: 'Target blocked',
  storage_corrupt: 'Stored file is corrupt',
  conflict: 'Conflict',
  busy: 'Server busy',
  internal: 'Internal error',
}

export function statusForCode(code: WorkbenchErrorCode): number {
  return statusByCode[code]
}

export interface ProblemOverrides {
  status?: number
  errors?: Problem['errors']
}

/** Renders a problem; `status` may be overridden for framework errors whose status is more precise than the code's. */
export function toProblem(error: WorkbenchError, overrides: ProblemOverrides = {}): Problem {
  const problem: Problem = {
    type: isSessionRefusal(error.details) ? SESSION_PROBLEM_TYPE : problemType(error.code),
    title: titleByCode[error.code],
    status: overrides.status ?? statusForCode(error.code),
    detail: error.message,
    code: error.code,
  }
  if (error.hint) problem.hint = error.hint
  const upstreamStatus = upstreamStatusOf(error.details)
  if (upstreamStatus !== undefined) problem.upstreamStatus = upstreamStatus
  const diagnostics = diagnosticsOf(error.details)
  if (diagnostics) problem.diagnostics = diagnostics
  const challenge = authChallengeOf(error.details)
  if (challenge) problem.authChallenge = challenge
  const stateChange = stateChangeOf(error.details)
  if (stateChange) problem.stateChange = stateChange
  if (overrides.errors) problem.errors = overrides.errors
  return problem
}

export function problemFromCode(code: WorkbenchErrorCode, detail: string, hint?: string): Problem {
  return toProblem(new WorkbenchError(code, detail, hint === undefined ? {} : { hint }))
}

/**
 * The details that mark one of the workbench's own session refusals (a gate, the ticket exchange). Only server code
 * builds them; what a plugin or sidecar throws never carries them, so a target's 401 cannot pass for one.
 */
export const sessionRefusal = { sessionRefusal: true } as const

function isSessionRefusal(details: unknown): boolean {
  return (
    typeof details === 'object' && details !== null && 'sessionRefusal' in details && details.sessionRefusal === true
  )
}

/** Only a well-formed HTTP status is copied out of `details`; nothing else in them reaches a problem body. */
function upstreamStatusOf(details: unknown): number | undefined {
  if (typeof details !== 'object' || details === null || !('upstreamStatus' in details)) return undefined
  const status = details.upstreamStatus
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : undefined
}

/**
 * A target's authorization challenge (401/403 with `WWW-Authenticate`), copied field by field as strings: it tells the
 * UI where a server's protected-resource metadata is (MCP authorization). It names no secret of ours.
 */
export function authChallengeOf(details: unknown): AuthChallenge | undefined {
  if (typeof details !== 'object' || details === null || !('authChallenge' in details)) return undefined
  const raw = details.authChallenge
  if (typeof raw !== 'object' || raw === null) return undefined
  const entry = raw as Record<string, unknown>
  if (typeof entry['status'] !== 'number' || typeof entry['wwwAuthenticate'] !== 'string') return undefined
  const challenge: AuthChallenge = { status: entry['status'], wwwAuthenticate: entry['wwwAuthenticate'].slice(0, 2048) }
  for (const key of ['scheme', 'resourceMetadata', 'scope', 'error'] as const) {
    const value = entry[key]
    if (typeof value === 'string') challenge[key] = value.slice(0, 2048)
  }
  return challenge
}

/** A benchmark's state-changing method, as `stateChangeRefusal` (loadrun) describes it in its details. */
function stateChangeOf(details: unknown): Problem['stateChange'] {
  if (typeof details !== 'object' || details === null || !('stateChange' in details)) return undefined
  const raw = details.stateChange as Record<string, unknown> | null
  if (typeof raw !== 'object' || raw === null) return undefined
  const { method, reason, calls } = raw
  if (typeof method !== 'string' || typeof reason !== 'string' || typeof calls !== 'string') return undefined
  return { method, reason, calls }
}

const maxDiagnostics = 50

/** Schema diagnostics are copied field by field (strings and positive integers only), at most 50. */
function diagnosticsOf(details: unknown): SchemaDiagnostic[] | undefined {
  if (typeof details !== 'object' || details === null || !('diagnostics' in details)) return undefined
  const raw = details.diagnostics
  if (!Array.isArray(raw)) return undefined
  const out: SchemaDiagnostic[] = []
  for (const item of raw.slice(0, maxDiagnostics) as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const entry = item as Record<string, unknown>
    if (typeof entry.message !== 'string') continue
    const diagnostic: SchemaDiagnostic = { message: entry.message }
    if (typeof entry.file === 'string') diagnostic.file = entry.file
    if (isPosition(entry.line)) diagnostic.line = entry.line
    if (isPosition(entry.column)) diagnostic.column = entry.column
    if (typeof entry.hint === 'string') diagnostic.hint = entry.hint
    out.push(diagnostic)
  }
  return out.length > 0 ? out : undefined
}

function isPosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
}
