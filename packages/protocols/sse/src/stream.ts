/**
 * `invokeStream`: the event stream as frames (headers, one message per event, reconnection notices, end). Pull-based:
 * the reader takes the next chunk off the socket only when the consumer asks for the next frame; a consumer that
 * stops early closes the connection.
 */
import { getHeader } from '@wirebench/core'
import type { CallContext, StreamFrame } from '@wirebench/core'
import { describeSentRequest, eventSourceFrames, openEventSource } from '@wirebench/transport'
import type { EventSourceOptions } from '@wirebench/transport'

import { encodeBody } from './message.js'
import { prepareRequest } from './request.js'
import type { SseRequest, SseRequestDeps } from './request.js'
import type { SseCallMessage, SseHttpMethod, SsePluginOptions } from './types.js'

export interface ResolvedSseCall {
  url: string
  message: SseCallMessage
  /** The method discovery found (POST when GET was refused with 405). */
  defaultMethod: SseHttpMethod
}

export interface SseCallDeps extends SseRequestDeps {
  options: SsePluginOptions
}

export async function* streamEvents(
  call: ResolvedSseCall,
  ctx: CallContext,
  deps: SseCallDeps,
): AsyncGenerator<StreamFrame, void, undefined> {
  const request = prepareRequest(call.url, ctx, deps)
  const options = sourceOptions(call, request, ctx, deps)
  // The live view's Request tab: what opened the stream, masked as a unary result's request is.
  const sent = describeSentRequest({
    method: options.method ?? 'GET',
    url: request.displayUrl,
    headers: options.headers ?? {},
    body: options.body,
    secretQueryNames: ctx.markers.apiKeyQuery?.map((param) => param.name),
  })
  try {
    for await (const item of openEventSource(options)) {
      for (const frame of eventSourceFrames(item, request.displayUrl)) {
        yield frame.type === 'headers' ? { ...frame, sent } : frame
      }
    }
  } finally {
    await request.lease.release()
  }
}

/** The reader's options for a call: method, body (POST only), headers, Last-Event-ID and the reconnect policy. */
export function sourceOptions(
  call: ResolvedSseCall,
  request: SseRequest,
  ctx: CallContext,
  deps: SseCallDeps,
): EventSourceOptions {
  const method = call.message.method ?? call.defaultMethod
  const headers = { ...request.headers }
  const options: EventSourceOptions = {
    url: request.wireUrl,
    displayUrl: request.displayUrl,
    method,
    headers,
    dispatcher: request.lease.dispatcher,
    signal: ctx.signal,
    clientCertificate: request.clientCertificate,
    reconnect: call.message.reconnect === true,
  }
  // GET carries no body: a body left in the form from a POST is not sent.
  const body = method === 'POST' ? encodeBody(call.message.body) : undefined
  if (body) {
    options.body = body.body
    if (getHeader(headers, 'content-type') === undefined) headers['content-type'] = body.contentType
  }
  if (call.message.lastEventId !== undefined) options.lastEventId = call.message.lastEventId
  if (deps.options.maxReconnectAttempts !== undefined) options.maxAttempts = deps.options.maxReconnectAttempts
  if (deps.options.maxRetryMs !== undefined) options.maxRetryMs = deps.options.maxRetryMs
  if (deps.options.maxEventBytes !== undefined) options.maxEventBytes = deps.options.maxEventBytes
  return options
}
