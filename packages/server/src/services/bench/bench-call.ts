/**
 * The call a server-side benchmark drives: the same invoke service as `POST /api/invoke` (plugin, outbound policy,
 * deadline, response limits), with `${…}` variables substituted afresh for every call so `${uuid}` differs each time.
 */
import { substituteDeep } from '@wirebench/core'
import type { BenchStartRequest, Logger, SentRequest } from '@wirebench/core'
import type { CallFunction } from '@wirebench/loadrun'
import type { Cancellation } from '../deadline.js'
import type { InvokeService } from '../invoke.js'

function cancellationOf(signal: AbortSignal): Cancellation {
  return {
    onCancel(listener) {
      signal.addEventListener('abort', listener, { once: true })
      return () => signal.removeEventListener('abort', listener)
    },
  }
}

export function createServerBenchCall(
  request: BenchStartRequest,
  deps: {
    invoker: InvokeService
    logger: Logger
    /** Told once what the plugin put on the wire (credentials masked): the k6 script export writes it. */
    onSent?: (sent: SentRequest) => void
  },
): CallFunction {
  const { call } = request
  const scopes = request.variables ?? []
  const templates = { messages: call.messages, metadata: call.metadata ?? {} }
  // Without `${` anywhere the substitution is skipped: most benchmarks send the same request every time.
  const isTemplated = JSON.stringify(templates).includes('${')
  // Only until one call has said what it sent: describing a request costs, and one is all the export needs.
  let needsSent = deps.onSent !== undefined
  return async (signal) => {
    const { messages, metadata } = isTemplated ? substituteDeep(templates, { scopes }).value : templates
    const asksSent = needsSent
    const result = await deps.invoker.invoke({
      request: { ...call, messages, metadata, ...(asksSent ? { includeSent: true } : {}) },
      cancellation: cancellationOf(signal),
      logger: deps.logger,
    })
    if (asksSent && needsSent && result.sent) {
      needsSent = false
      deps.onSent?.(result.sent)
    }
    // HTTP-based plugins report the HTTP status; it says more in an error breakdown than the mapped status name —
    // except for a failure that came with a 2xx (GraphQL errors arrive with 200), which would read as a success.
    const http = result.metadata['http_status']
    const ok = result.status === 'OK'
    return { ok, status: http === undefined || (!ok && http.startsWith('2')) ? result.status : http }
  }
}
