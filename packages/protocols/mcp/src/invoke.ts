/** Unary `invoke`: one call's outcome as an InvokeResult, with the session's transport and version in `metadata`. */
import type { Call, CallContext, InvokeResult } from '@wirebench/core'
import { runMethod } from './calls.js'
import type { CallDeps, MethodOutcome } from './calls.js'
import type { SessionRequest } from './session/pool.js'

export function toInvokeResult(outcome: MethodOutcome, started: number): InvokeResult {
  const { session } = outcome
  const metadata: Record<string, string> = {}
  if (session) {
    metadata['mcp-transport'] = session.transportKind
    metadata['mcp-protocol-version'] = session.negotiatedVersion
    const sessionId = session.sessionId
    if (sessionId !== undefined) metadata['mcp-session-id'] = sessionId
  }
  if (outcome.progressToken !== undefined) metadata['mcp-progress-token'] = String(outcome.progressToken)
  const result: InvokeResult = {
    response: outcome.response,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    status: outcome.status,
    metadata,
    contentType: 'application/json',
  }
  if (outcome.statusMessage !== undefined) result.statusMessage = outcome.statusMessage
  if (outcome.errorDetails !== undefined) result.errorDetails = outcome.errorDetails
  if (outcome.outputValidation !== undefined) result.outputValidation = outcome.outputValidation
  if (outcome.validation !== undefined) result.validation = outcome.validation
  if (outcome.validationPending !== undefined) result.validationPending = outcome.validationPending
  if (outcome.sent !== undefined) result.sent = outcome.sent
  return result
}

export async function invokeMethod(
  call: Call,
  request: SessionRequest,
  ctx: CallContext,
  deps: CallDeps,
): Promise<InvokeResult> {
  const started = performance.now()
  return toInvokeResult(await runMethod(call, request, ctx, deps), started)
}
