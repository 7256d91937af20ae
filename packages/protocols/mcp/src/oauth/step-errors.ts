/**
 * A failed step of MCP authorization as a WorkbenchError naming the step. The SDK throws OAuth errors (`invalid_grant`…)
 * without their HTTP status; they are the authorization server saying no, so they carry a 4xx `upstreamStatus`, which
 * is what ends a connection on refresh. Secrets the step sent (a code, a verifier, a refresh token) are cut out.
 */
import { OAuthError, ServerError, TemporarilyUnavailableError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import { WorkbenchError } from '@wirebench/core'

function scrub(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***')
  return out
}

interface SchemaIssue {
  path: readonly PropertyKey[]
  message: string
}

/** The SDK validates answers with zod, whose error message is the raw JSON array of issues. */
function schemaIssues(error: unknown): SchemaIssue[] | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues
  return error instanceof Error && Array.isArray(issues) && issues.length > 0 ? (issues as SchemaIssue[]) : undefined
}

export function stepError(step: string, error: unknown, secrets: readonly string[]): WorkbenchError {
  if (error instanceof WorkbenchError) {
    return new WorkbenchError(error.code, `Could not ${step}: ${scrub(error.message, secrets)}`, {
      ...(error.hint ? { hint: error.hint } : {}),
      ...(error.details ? { details: error.details } : {}),
    })
  }
  if (error instanceof OAuthError) {
    const outage = error instanceof ServerError || error instanceof TemporarilyUnavailableError
    return new WorkbenchError(
      'upstream_error',
      `Could not ${step}: the authorization server answered ${error.errorCode}${error.message ? ` (${scrub(error.message, secrets)})` : ''}.`,
      { details: { upstreamStatus: outage ? 503 : 400, error: error.errorCode } },
    )
  }
  const issues = schemaIssues(error)
  if (issues) {
    const first = issues[0]
    const field = first && first.path.length > 0 ? `the field ${first.path.map(String).join('.')}` : 'the answer'
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : ''
    return new WorkbenchError(
      'upstream_invalid',
      `Could not ${step}: the authorization server's answer is not valid OAuth — ${field}: ${scrub(first?.message ?? 'invalid', secrets)}${more}.`,
      { hint: 'Check that the URL points at an OAuth authorization server, or ask its operator to fix the answer.' },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new WorkbenchError('upstream_invalid', `Could not ${step}: ${scrub(message, secrets).slice(0, 300)}`)
}
