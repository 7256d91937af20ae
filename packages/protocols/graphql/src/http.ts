/**
 * One GraphQL-over-HTTP request through the guarded transport: a POST with a JSON body, or a GET with the operation in
 * the query string (discovery's safe probe); bounded response. An event stream is refused before its body is read when
 * the caller asks (discovery must never wait on an endless SSE body).
 */
import type { CallContext } from '@wirebench/core'
import { createCallSignal, openResponse, readBoundedBody, toNetworkError } from '@wirebench/transport'
import type { DispatcherFactory, OpenedBody, PhaseTimer } from '@wirebench/transport'

export const graphqlAccept = 'application/graphql-response+json, application/json;q=0.9'

export interface GraphqlPost {
  /** POST unless given: GET carries the operation in `url` and has no body. */
  method?: 'GET' | 'POST'
  /** The address on the wire (API-key query appended). */
  url: string
  /** The address as messages name it (no secrets). */
  displayUrl: string
  headers: Record<string, string>
  body?: string
  /** Called with the status and headers before the body is read; may throw to stop there (the body is discarded). */
  inspect?(status: number, headers: Record<string, string>): void
  /** Times the request's phases and keeps the head undici wrote (for the result's `sent` and `timings`). */
  timer?: PhaseTimer
  /** Reads the body instead of the bounded read to `limits.maxResponseBytes` (discovery stops early at a non-answer). */
  readBody?(body: OpenedBody): Promise<ReadBody>
}

export interface ReadBody {
  bytes: Buffer
  sizeBytes: number
  truncated: boolean
  /** False when the body does not open like a GraphQL answer (and was read only in part). */
  isAnswer?: boolean
}

export interface GraphqlHttpResponse {
  status: number
  statusMessage: string
  headers: Record<string, string>
  body: Buffer
  sizeBytes: number
  truncated: boolean
  /** False when `readBody` found that the body does not open like a GraphQL answer. */
  isAnswer: boolean
  durationMs: number
}

export async function postGraphql(
  post: GraphqlPost,
  ctx: CallContext,
  dispatchers: DispatcherFactory,
): Promise<GraphqlHttpResponse> {
  const call = createCallSignal({
    signal: ctx.signal,
    deadline: ctx.deadline,
    timeoutMs: ctx.limits.timeoutMs,
    signalCarriesDeadline: true,
  })
  const started = performance.now()
  const lease = dispatchers.acquire(ctx.markers)
  try {
    const response = await openResponse({
      url: post.url,
      displayUrl: post.displayUrl,
      method: post.method ?? 'POST',
      headers: post.headers,
      ...(post.body === undefined ? {} : { body: post.body }),
      dispatcher: lease.dispatcher,
      signal: call.signal,
      clientCertificate: ctx.markers.mtls !== undefined,
      ...(post.timer ? { timer: post.timer } : {}),
    })
    const { headers } = response
    try {
      post.inspect?.(response.status, headers)
    } catch (error) {
      response.close()
      throw error
    }
    const length = headers['content-length']
    const declared = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined
    const body: ReadBody = post.readBody
      ? await post.readBody(response.body)
      : await readBoundedBody(response.body, ctx.limits.maxResponseBytes, declared)
    post.timer?.end()
    return {
      status: response.status,
      statusMessage: response.statusMessage,
      headers,
      body: body.bytes,
      sizeBytes: body.sizeBytes,
      truncated: body.truncated,
      isAnswer: body.isAnswer !== false,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    }
  } catch (error) {
    // openResponse's failures arrive named (and pass through); body-read failures are named here.
    throw toNetworkError(error, {
      url: post.displayUrl,
      timedOut: call.isTimedOut(),
      budgetMs: call.budgetMs,
      clientCertificate: ctx.markers.mtls !== undefined,
    })
  } finally {
    call.dispose()
    await lease.release()
  }
}

/** Parses a JSON body; undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
