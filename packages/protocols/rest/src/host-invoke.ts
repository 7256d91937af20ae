/**
 * Unary calls to the embedding host's own routes through its in-process `send` (Fastify `inject()`): the request is
 * prepared exactly as for the network (fields, auth output, API-key query, SigV4), only the socket is left out.
 */
import { WorkbenchError, whenAborted } from '@wirebench/core'
import type { CallContext, InvokeResult } from '@wirebench/core'
import { createPhaseTimer, toInvokeResult } from '@wirebench/transport'
import type { HttpRequestBody } from '@wirebench/transport'
import type { HostRequest, RestHost } from './host.js'
import { prepareOutbound } from './invoke.js'
import type { InvokeDeps, ResolvedCall } from './invoke.js'
import { validateResponse } from './validation.js'
import { restSentRequest } from './sent-request.js'

type HostSend = NonNullable<RestHost['send']>

/** Form bodies become the bytes and `Content-Type` (with its boundary) the network path would have sent. */
async function bodyBytes(
  body: HttpRequestBody | undefined,
  headers: Record<string, string>,
): Promise<Buffer | undefined> {
  if (body === undefined) return undefined
  if (typeof body === 'string') return Buffer.from(body, 'utf8')
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const encoded = new Response(body as ConstructorParameters<typeof Response>[0])
  const type = encoded.headers.get('content-type')
  if (type !== null && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = type
  }
  return Buffer.from(await encoded.arrayBuffer())
}

export async function invokeInHost(
  call: ResolvedCall,
  ctx: CallContext,
  deps: InvokeDeps,
  send: HostSend,
): Promise<InvokeResult> {
  const prepared = await prepareOutbound(call, ctx, deps)
  const timer = createPhaseTimer()
  const headers = { ...prepared.headers }
  const request: HostRequest = { method: prepared.method, url: prepared.wireUrl, headers }
  const body = await bodyBytes(prepared.body, headers)
  if (body !== undefined) request.body = body
  let stop: (() => void) | undefined
  // The host's handler cannot be cancelled from outside; the call still ends at its deadline or the user's abort.
  const aborted = new Promise<never>((_resolve, reject) => {
    stop = whenAborted(ctx, (reason) => reject(WorkbenchError.from(reason)))
  })
  try {
    const answer = await Promise.race([send(request), aborted])
    const limit = ctx.limits.maxResponseBytes
    const truncated = answer.body.length > limit
    const result = toInvokeResult({
      status: answer.status,
      statusMessage: answer.statusMessage ?? '',
      headers: answer.headers,
      body: truncated ? answer.body.subarray(0, limit) : answer.body,
      sizeBytes: answer.body.length,
      truncated,
      durationMs: Math.round((performance.now() - timer.startedAt) * 10) / 10,
    })
    timer.endedAt = performance.now()
    if (call.source !== undefined) validateResponse(call.source, result, answer.body, ctx)
    if (ctx.isSentOmitted !== true) result.sent = restSentRequest(prepared, timer, ctx.markers)
    result.timings = timer.timings()
    return result
  } finally {
    stop?.()
  }
}
