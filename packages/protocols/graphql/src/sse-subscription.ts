/**
 * Subscriptions over graphql-sse in distinct connections mode: one POST per subscription whose answer is an event
 * stream (`next` events carry execution results, `complete` ends it), sent through the guarded undici dispatcher
 * (client certificate, cookie jar) with the call's headers and read with the transport's bounded event parser. Redirects
 * are refused, never followed: the outbound policy checked this address only, and headers would go along.
 */
import { WorkbenchError, appendQueryParams, mergeHeaders } from '@wirebench/core'
import type { CallContext, StreamFrame } from '@wirebench/core'
import {
  defaultMaxEventBytes,
  eventData,
  isEventStreamType,
  openResponse,
  parseEvents,
  readBoundedBody,
  streamError,
} from '@wirebench/transport'
import type { DispatcherFactory, OpenedResponse } from '@wirebench/transport'
import { graphqlErrors, graphqlStatus } from './errors.js'
import type { SubscriptionQueue } from './frame-queue.js'
import { parseJson } from './http.js'
import type { GraphqlRequest } from './message.js'
import { subscriptionSent } from './sent-request.js'
import { refusedEnd } from './subscription-refusals.js'
import type { SubscriptionRefusal } from './subscription-refusals.js'
import type { RunningSubscription } from './ws-subscription.js'

export interface SseSubscriptionInput {
  url: string
  request: GraphqlRequest
  ctx: CallContext
  dispatchers: DispatcherFactory
  queue: SubscriptionQueue
  note?: Record<string, string>
  /** Why graphql-ws was refused before this fallback: a failure here names both transports. */
  wsRefusals?: readonly SubscriptionRefusal[]
}

type EndFrame = Extract<StreamFrame, { type: 'end' }>

/** Enough of a refused or single-result JSON answer to show its GraphQL errors. */
const maxJsonBodyBytes = 1024 * 1024

export function startSseSubscription(input: SseSubscriptionInput): RunningSubscription {
  const controller = new AbortController()
  void run(input, controller.signal)
  return { stop: () => controller.abort() }
}

async function run(input: SseSubscriptionInput, signal: AbortSignal): Promise<void> {
  const { ctx, queue, url } = input
  const lease = input.dispatchers.acquire(ctx.markers)
  const clientCertificate = ctx.markers.mtls !== undefined
  let response: OpenedResponse | undefined
  const requestHeaders = mergeHeaders(ctx.metadata, { 'content-type': 'application/json', accept: 'text/event-stream' })
  const requestBody = JSON.stringify({
    query: input.request.query,
    ...(input.request.variables ? { variables: input.request.variables } : {}),
    ...(input.request.operationName ? { operationName: input.request.operationName } : {}),
  })
  const sent = subscriptionSent({ method: 'POST', url, headers: requestHeaders, body: requestBody }, ctx.markers)
  try {
    response = await openResponse({
      url: appendQueryParams(url, ctx.markers.apiKeyQuery ?? []),
      displayUrl: url,
      method: 'POST',
      headers: requestHeaders,
      body: requestBody,
      dispatcher: lease.dispatcher,
      signal,
      clientCertificate,
      // A subscription may stay quiet for long; stop() ends it.
      bodyTimeoutMs: 0,
    })
    const { status, headers } = response
    if (status >= 300 && status < 400) {
      queue.end(bothRefused(redirected(url, status, headers.location), input))
      return
    }
    if (status < 200 || status >= 300 || !isEventStreamType(headers['content-type'])) {
      // A refusal, or one JSON execution result (graphql-sse servers answer validation errors this way).
      const body = await readBoundedBody(response.body, maxJsonBodyBytes)
      queue.end(bothRefused(jsonAnswer(status, response.statusMessage, parseJson(body.bytes), input, headers), input))
      return
    }
    queue.push(
      { type: 'headers', metadata: { ...headers, 'x-wirebench-transport': 'graphql-sse', ...input.note }, sent },
      0,
    )
    const events = parseEvents(response.body, {
      maxEventBytes: Math.min(defaultMaxEventBytes, ctx.limits.maxResponseBytes),
      displayUrl: url,
    })
    for await (const event of events) {
      if (event.event === 'complete') {
        queue.end({ type: 'end', status: 'OK' })
        return
      }
      if (event.event !== undefined && event.event !== 'next') continue
      queue.push(
        { type: 'message', data: eventData(event.data), meta: { transport: 'graphql-sse' } },
        event.data.length,
      )
      // Back-pressure: the next chunk is not read until the consumer made room.
      await queue.room()
      if (signal.aborted) return
    }
    queue.end({
      type: 'end',
      status: 'Unavailable',
      message: `${url} closed the event stream without completing the subscription.`,
    })
  } catch (error) {
    if (signal.aborted) return
    if (WorkbenchError.is(error, 'payload_too_large')) {
      queue.end({ type: 'end', status: 'ResourceExhausted', message: error.message, details: { code: error.code } })
      return
    }
    queue.fail(streamError(error, { url, signal, clientCertificate }))
  } finally {
    response?.close()
    await lease.release()
  }
}

/**
 * A graphql-sse failure after graphql-ws was refused: the end lists what each address answered, graphql-ws's first, so
 * the user sees that the subscription address is the problem (and can set `subscriptionUrl`), not only the fallback's
 * complaint. Its status stays graphql-sse's (an Unauthenticated there is still one).
 */
function bothRefused(end: EndFrame, input: SseSubscriptionInput): EndFrame {
  const refusals = input.wsRefusals ?? []
  if (end.status === 'OK' || refusals.length === 0) return end
  const sse: SubscriptionRefusal = { transport: 'graphql-sse', address: input.url, reason: end.message ?? end.status }
  const details =
    typeof end.details === 'object' && end.details !== null ? (end.details as Record<string, unknown>) : {}
  return refusedEnd(end.status, [...refusals, sse], details)
}

function redirected(url: string, status: number, location: string | undefined): EndFrame {
  return {
    type: 'end',
    status: 'FailedPrecondition',
    message: `${url} answered HTTP ${status} (a redirect); redirects are not followed. Call the address it names instead.`,
    details: { http_status: status, ...(location === undefined ? {} : { location }) },
  }
}

/** The end of a subscription answered with JSON instead of an event stream: its errors, mapped, or its one result. */
function jsonAnswer(
  status: number,
  statusText: string,
  body: unknown,
  input: SseSubscriptionInput,
  headers: Record<string, string>,
): EndFrame {
  const errors = graphqlErrors(body)
  const ok = status >= 200 && status < 300
  if (ok && !errors && typeof body === 'object' && body !== null && 'data' in body) {
    // One execution result: hand it over as the only event.
    input.queue.push({ type: 'headers', metadata: { ...headers, 'x-wirebench-transport': 'graphql-sse' } }, 0)
    input.queue.push({ type: 'message', data: body, meta: { transport: 'graphql-sse' } }, 0)
    return { type: 'end', status: 'OK' }
  }
  const type = headers['content-type'] ?? 'no content type'
  return {
    type: 'end',
    status: ok && !errors ? 'Unknown' : graphqlStatus(errors, status),
    message:
      errors?.[0]?.message ??
      (ok
        ? `${input.url} answered HTTP ${status} (${type}), not an event stream.`
        : `HTTP ${status} ${statusText}`.trimEnd()),
    details: { http_status: status, ...(errors ? { errors } : {}) },
  }
}
