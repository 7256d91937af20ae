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
  const message = error instanceof Error ? error.message : String(error)
  return new WorkbenchError('upstream_invalid', `Could not ${step}: ${scrub(message, secrets).slice(0, 300)}`)
}
