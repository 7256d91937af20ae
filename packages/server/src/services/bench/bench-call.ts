/**
 * The call a server-side benchmark drives: the same invoke service as `POST /api/invoke` (plugin, outbound policy,
 * deadline, response limits), with `${…}` variables substituted afresh for every call so `${uuid}` differs each time,
 * and the run's Stop as every call's cancellation. Loaded with the runner, on the first start.
 */
import { substituteDeep } from '@wirebench/core'
import type { BenchStartRequest, InvokeRequest, Logger, SentRequest } from '@wirebench/core'
import { cancellationOf } from '@wirebench/loadrun'
import type { CallFunction, K6Drawn } from '@wirebench/loadrun'
import type { InvokeService } from '../invoke.js'
import { recordingSources } from './bench-drawn.js'

export function createServerBenchCall(
  request: BenchStartRequest,
  deps: {
    invoker: InvokeService
    logger: Logger
    /**
     * Told once what the plugin put on the wire (credentials masked), with the `${uuid}`/`${random}` values that call
     * drew: the k6 script export writes the request and draws those afresh per iteration.
     */
    onSent?: (sent: SentRequest, drawn: K6Drawn[]) => void
  },
): CallFunction {
  const { call } = request
  const scopes = request.variables ?? []
  const templates = { messages: call.messages, metadata: call.metadata ?? {} }
  // Without `${` anywhere the substitution is skipped: most benchmarks send the same request every time, so the request
  // objects are built once, not per call.
  const isTemplated = JSON.stringify(templates).includes('${')
  const fixed: InvokeRequest = { ...call, messages: templates.messages, metadata: templates.metadata }
  const fixedWithSent: InvokeRequest = { ...fixed, includeSent: true }
  // Only until one call has said what it sent: describing a request costs, and one is all the export needs.
  let needsSent = deps.onSent !== undefined
  return async (signal) => {
    const asksSent = needsSent
    let invokeRequest = asksSent ? fixedWithSent : fixed
    const drawn: K6Drawn[] = []
    if (isTemplated) {
      // The call that describes its request notes what it drew; the others pay nothing for it.
      const system = asksSent ? recordingSources(drawn) : undefined
      const { messages, metadata } = substituteDeep(templates, { scopes, ...(system ? { system } : {}) }).value
      invokeRequest = { ...invokeRequest, messages, metadata }
    }
    const result = await deps.invoker.invoke({
      request: invokeRequest,
      cancellation: cancellationOf(signal),
      logger: deps.logger,
    })
    if (asksSent && needsSent && result.sent) {
      needsSent = false
      deps.onSent?.(result.sent, drawn)
    }
    // HTTP-based plugins report the HTTP status; it says more in an error breakdown than the mapped status name —
    // except for a failure that came with a 2xx (GraphQL errors arrive with 200), which would read as a success.
    const http = result.metadata['http_status']
    const ok = result.status === 'OK'
    return { ok, status: http === undefined || (!ok && http.startsWith('2')) ? result.status : http }
  }
}
