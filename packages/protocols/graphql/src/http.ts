/**
 * One GraphQL-over-HTTP POST through the guarded transport: JSON body, bounded response. An event stream is refused
 * before its body is read when the caller asks (discovery must never wait on an endless SSE body).
 */
import { STATUS_CODES } from 'node:http'
import type { CallContext } from '@wirebench/core'
import { createCallSignal, readBoundedBody, toNetworkError } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'

export const graphqlAccept = 'application/graphql-response+json, application/json;q=0.9'

export interface GraphqlPost {
  /** The address on the wire (API-key query appended). */
  url: string
  /** The address as messages name it (no secrets). */
  displayUrl: string
  headers: Record<string, string>
  body: string
  /** Called with the status and headers before the body is read; may throw to stop there (the body is discarded). */
  inspect?(status: number, headers: Record<string, string>): void
}

export interface GraphqlHttpResponse {
  status: number
  statusMessage: string
  headers: Record<string, string>
  body: Buffer
  sizeBytes: number
  truncated: boolean
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
    const url = new URL(post.url)
    const response = await lease.dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: post.headers,
      body: post.body,
      signal: call.signal,
    })
    const headers = flattenHeaders(response.headers)
    try {
      post.inspect?.(response.statusCode, headers)
    } catch (error) {
      // Destroying without a listener would raise undici's abort as an uncaught error.
      response.body.on('error', () => undefined)
      response.body.destroy()
      throw error
    }
    const length = headers['content-length']
    const declared = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined
    const body = await readBoundedBody(response.body, ctx.limits.maxResponseBytes, declared)
    return {
      status: response.statusCode,
      statusMessage: STATUS_CODES[response.statusCode] ?? '',
      headers,
      body: body.bytes,
      sizeBytes: body.sizeBytes,
      truncated: body.truncated,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    }
  } catch (error) {
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

/** Lower-case names, repeated headers joined; a null prototype keeps a `__proto__` header a plain entry. */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat = Object.create(null) as Record<string, string>
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

/** Parses a JSON body; undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
