/**
 * `invokeStream` for operations whose success response is `text/event-stream`: the request is built exactly as
 * `invoke` builds it (fields, metadata, API-key query, SigV4, cookies, mTLS) and the body is read with the shared
 * event-stream reader, as frames shaped like the SSE plugin's.
 */
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, StreamFrame } from '@wirebench/core'
import { eventSourceFrames, openEventSource } from '@wirebench/transport'
import type { EventSourceOptions } from '@wirebench/transport'
import { dispatchersFor, prepareOutbound } from './invoke.js'
import type { InvokeDeps, ResolvedCall } from './invoke.js'

export async function* streamMethod(
  call: ResolvedCall,
  ctx: CallContext,
  deps: InvokeDeps,
): AsyncGenerator<StreamFrame, void, undefined> {
  if (!call.method.serverStreaming) {
    throw new WorkbenchError('invalid_request', `${call.method.name} does not answer text/event-stream.`, {
      hint: 'Call it with invoke; only operations whose response is text/event-stream stream.',
    })
  }
  const request = await prepareOutbound(call, ctx, deps, {
    extraHeaders: { accept: 'text/event-stream' },
  })
  const lease = dispatchersFor(request, deps).acquire(ctx.markers)
  try {
    const options: EventSourceOptions = {
      url: request.wireUrl,
      displayUrl: request.displayUrl,
      method: request.method,
      headers: request.headers,
      dispatcher: lease.dispatcher,
      signal: ctx.signal,
      clientCertificate: ctx.markers.mtls !== undefined,
    }
    if (request.body !== undefined) options.body = request.body
    for await (const item of openEventSource(options)) yield* eventSourceFrames(item, request.displayUrl)
  } finally {
    await lease.release()
  }
}
