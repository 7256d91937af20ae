/**
 * `invokeStream`: a server-streaming call as frames (headers, one per message, trailers, end). Pull-based: a
 * consumer that stops pulling stops reading from the HTTP/2 stream, so flow control pauses the server; a consumer
 * that stops early (or the context's signal) cancels the call upstream.
 */
import type { DescMethodStreaming, Message } from '@bufbuild/protobuf'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, StreamFrame } from '@wirebench/core'
import { asyncItems } from './async-items.js'
import { decodeMessages } from './invoke.js'
import { failureFrames, replyFrames } from './reply-frames.js'
import type { PreparedCall } from './prepared-call.js'

export async function* streamPrepared(
  call: PreparedCall,
  messages: readonly unknown[],
  ctx: CallContext,
): AsyncGenerator<StreamFrame> {
  if (call.desc.methodKind === 'unary') {
    throw new WorkbenchError('invalid_request', `${call.info.name} is a unary method.`, {
      hint: 'Call it with invoke; streams are for methods that stream replies.',
    })
  }
  if (call.desc.methodKind === 'server_streaming' && messages.length > 1) {
    throw new WorkbenchError('invalid_request', `${call.info.name} takes one request message, not ${messages.length}.`)
  }
  const inputs: Message[] = decodeMessages(call, messages)
  // Our own controller, so that a consumer leaving early (return()) cancels the call even when ctx.signal does not.
  const controller = new AbortController()
  const onAbort = (): void => controller.abort(ctx.signal.reason)
  if (ctx.signal.aborted) onAbort()
  else ctx.signal.addEventListener('abort', onAbort, { once: true })
  try {
    let reply
    try {
      reply = await call.transport.stream(
        call.desc as DescMethodStreaming,
        controller.signal,
        undefined,
        call.headers,
        asyncItems(inputs),
      )
    } catch (error) {
      yield* failureFrames(error, call, ctx.signal)
      return
    }
    yield* replyFrames(call, reply, ctx.signal)
  } finally {
    ctx.signal.removeEventListener('abort', onAbort)
    if (!controller.signal.aborted) controller.abort(new WorkbenchError('cancelled', 'The stream was closed.'))
  }
}
