/**
 * `invoke`: unary calls, and the other kinds as one batch (client streaming sends every message then half-closes;
 * server streaming and duplex collect the replies). A status the target returned is the result, never a throw.
 */
import type { DescMethodStreaming, DescMethodUnary, JsonValue, Message } from '@bufbuild/protobuf'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, InvokeResult } from '@wirebench/core'
import { asyncItems } from './async-items.js'
import { isTargetStatus, toCallError } from './errors.js'
import { headersRecord } from './metadata.js'
import { elapsed, encodeResponse, failedResult } from './prepared-call.js'
import type { PreparedCall } from './prepared-call.js'

export function decodeMessages(call: PreparedCall, messages: readonly unknown[]): Message[] {
  if (messages.length === 0) return [call.codec.decode(call.desc.input, {}, 'Request')]
  if (messages.length === 1) return [call.codec.decode(call.desc.input, messages[0], 'Request')]
  return messages.map((m, i) => call.codec.decode(call.desc.input, m, `Message ${i + 1}`))
}

export async function invokePrepared(
  call: PreparedCall,
  messages: readonly unknown[],
  ctx: CallContext,
): Promise<InvokeResult> {
  const kind = call.desc.methodKind
  if ((kind === 'unary' || kind === 'server_streaming') && messages.length > 1) {
    throw new WorkbenchError(
      'invalid_request',
      `${call.info.name} takes one request message, not ${messages.length}.`,
      {
        hint: 'Send one message; several are for client-streaming and duplex methods.',
      },
    )
  }
  const inputs = decodeMessages(call, messages)
  const started = performance.now()
  try {
    if (kind === 'unary') {
      const reply = await call.transport.unary(
        call.desc as DescMethodUnary,
        ctx.signal,
        undefined,
        call.headers,
        inputs[0] as Message,
      )
      return {
        response: encodeResponse(call, reply.message),
        durationMs: elapsed(started),
        status: 'OK',
        metadata: headersRecord(reply.header),
        trailers: headersRecord(reply.trailer),
      }
    }
    const reply = await call.transport.stream(
      call.desc as DescMethodStreaming,
      ctx.signal,
      undefined,
      call.headers,
      asyncItems(inputs),
    )
    const responses: JsonValue[] = []
    let truncated = false
    for await (const message of reply.message) {
      // A batch is bounded like a stream's queue: past it the call is cut (the rest of the stream is not read).
      if (responses.length >= ctx.limits.maxQueuedFrames) {
        truncated = true
        break
      }
      responses.push(encodeResponse(call, message))
    }
    const result: InvokeResult = {
      response: kind === 'client_streaming' ? responses[0] : responses,
      durationMs: elapsed(started),
      status: 'OK',
      metadata: headersRecord(reply.header),
      trailers: headersRecord(reply.trailer),
      responses,
    }
    if (truncated) result.truncated = true
    return result
  } catch (error) {
    if (!ctx.signal.aborted && isTargetStatus(error)) return failedResult(error, call, started)
    throw toCallError(error, { url: call.url, signal: ctx.signal })
  }
}
