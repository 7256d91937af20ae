/**
 * Sends one prepared HTTP request for a unary call (REST operations and plain HTTP requests alike) through the
 * guarded transport and decodes the answer: the one copy of the path both plugins' calls take to the wire.
 */
import { whenAborted } from '@wirebench/core'
import type { CallContext, InvokeResult } from '@wirebench/core'
import type { DispatcherFactory } from './dispatchers.js'
import { httpRequest } from './http-request.js'
import type { HttpRequestBody } from './http-request.js'
import { toInvokeResult } from './invoke-result.js'
import { createPhaseTimer } from './timing/phase-timer.js'
import { describeSentRequest } from './timing/sent-request.js'

export interface PreparedHttpCall {
  /** The address on the wire (API-key query appended, SigV4-encoded): never shown. */
  wireUrl: string
  /** The address built from the call, for messages and the Request tab. */
  displayUrl: string
  method: string
  headers: Record<string, string>
  body?: HttpRequestBody
  /** `wireUrl` already parsed and checked, when the caller has it at hand. */
  dispatchTarget?: { origin: string; path: string }
}

/**
 * `inspect` sees the decoded result with the raw body before `sent` and the timings are added (REST validates the
 * answer against its operation's schema there).
 */
export async function sendPrepared(
  request: PreparedHttpCall,
  ctx: CallContext,
  dispatchers: DispatcherFactory,
  inspect?: (result: InvokeResult, body: Uint8Array) => void,
): Promise<InvokeResult> {
  const lease = dispatchers.acquire(ctx.markers)
  const timer = createPhaseTimer()
  try {
    const response = await httpRequest({
      url: request.wireUrl,
      target: request.dispatchTarget,
      method: request.method,
      headers: request.headers,
      body: request.body,
      clientCertificate: ctx.markers.mtls !== undefined,
      displayUrl: request.displayUrl,
      dispatcher: lease.dispatcher,
      // The context's abort without its AbortSignal (made only when read).
      onAbort: (listener) => whenAborted(ctx, listener),
      deadline: ctx.deadline,
      signalCarriesDeadline: true,
      timeoutMs: ctx.limits.timeoutMs,
      maxResponseBytes: ctx.limits.maxResponseBytes,
      timer,
    })
    const result = toInvokeResult(response)
    inspect?.(result, response.body)
    if (ctx.isSentOmitted !== true) {
      result.sent = describeSentRequest({
        method: request.method,
        url: request.displayUrl,
        headers: request.headers,
        body: request.body,
        rawHead: timer.rawHead,
        secretQueryNames: ctx.markers.apiKeyQuery?.map((param) => param.name),
      })
    }
    result.timings = timer.timings()
    return result
  } finally {
    // The shared Agent has nothing to release: no tick spent waiting for it.
    if (!lease.holdsNothing) await lease.release()
  }
}
