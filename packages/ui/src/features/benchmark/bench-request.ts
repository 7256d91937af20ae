/**
 * The call a benchmark puts under load: the pane's request as Send prepares it (environment variables, auth, host
 * binding, typed values), except that per-call system variables (`${uuid}`, `${random}`, `${now}`…) are left for the
 * server, which substitutes them afresh for every call of the run.
 */
import type { BenchStartRequest } from '@wirebench/core'
import type { PendingSend } from '../../state/send-builders.js'
import { prepareInvokeRequest } from '../../state/outgoing-api.js'
import type { AuthSession } from '../../state/auth-session.js'

const systemReference = /\$\{\s*(now|nowMs|timestamp|uuid|random|now[+-]\d+)\s*\}/g

/** `${uuid}` → `$${uuid}`: the page's substitution turns the escape back into `${uuid}` and leaves it to the server. */
export function deferSystemVariables<T>(value: T): T {
  if (typeof value === 'string') return value.replace(systemReference, (match) => `$${match}`) as T
  if (Array.isArray(value)) return value.map((item: unknown) => deferSystemVariables(item)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, deferSystemVariables(item)]),
    ) as T
  }
  return value
}

export async function prepareBenchCall(
  auth: Pick<AuthSession, 'prepareOutgoingCall' | 'prepareDiscovery' | 'discoveryUrl'>,
  pending: PendingSend,
  draftKey: string,
  signal?: AbortSignal,
): Promise<BenchStartRequest['call']> {
  const { history: _history, includeSent: _sent, ...request } = pending.request
  const deferred = { ...request, messages: deferSystemVariables(request.messages) }
  if (request.metadata) deferred.metadata = deferSystemVariables(request.metadata)
  const prepared = await prepareInvokeRequest(auth, deferred, signal, {
    finalizeMessages: pending.finalizeMessages,
    draftKey,
  })
  const { history: _h, includeSent: _i, ...call } = prepared
  return call
}
