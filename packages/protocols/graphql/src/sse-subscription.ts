/**
 * Subscriptions over graphql-sse in distinct connections mode: one POST per subscription whose answer is an event
 * stream, sent through the guarded undici dispatcher (client certificate, cookie jar) with the call's headers.
 */
import { createClient } from 'graphql-sse'
import { fetch } from 'undici'
import { appendQueryParams } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { readBoundedBody, toNetworkError } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { graphqlErrors, graphqlStatus } from './errors.js'
import type { FrameQueue } from './frame-queue.js'
import { parseJson } from './http.js'
import type { GraphqlRequest } from './message.js'
import type { RunningSubscription } from './ws-subscription.js'

export interface SseSubscriptionInput {
  url: string
  request: GraphqlRequest
  ctx: CallContext
  dispatchers: DispatcherFactory
  queue: FrameQueue
  note?: Record<string, string>
}

/** Enough of a refused answer's body to show its GraphQL errors. */
const maxErrorBodyBytes = 64 * 1024

interface Refused {
  status: number
  statusText: string
  body: unknown
}

export function startSseSubscription(input: SseSubscriptionInput): RunningSubscription {
  const { ctx, queue } = input
  const lease = input.dispatchers.acquire(ctx.markers)
  let refused: Refused | undefined
  // graphql-sse keeps only the message of a failed fetch; the cause (ECONNREFUSED, TLS) is kept here.
  let fetchError: unknown
  const client = createClient({
    url: appendQueryParams(input.url, ctx.markers.apiKeyQuery ?? []),
    singleConnection: false,
    retryAttempts: 0,
    headers: () => ({ ...ctx.metadata }),
    fetchFn: async (url: string, init: Parameters<typeof fetch>[1]) => {
      const response = await fetch(url, { ...init, dispatcher: lease.dispatcher }).catch((error: unknown) => {
        fetchError = (error as { cause?: unknown }).cause ?? error
        throw error
      })
      if (response.ok) {
        const metadata: Record<string, string> = {}
        response.headers.forEach((value, name) => (metadata[name] = value))
        queue.push({
          type: 'headers',
          metadata: { ...metadata, 'x-wirebench-transport': 'graphql-sse', ...input.note },
        })
      } else if (response.body) {
        const body = await readBoundedBody(response.body, maxErrorBodyBytes).catch(() => undefined)
        refused = { status: response.status, statusText: response.statusText, body: body && parseJson(body.bytes) }
      }
      return response
    },
  })
  let stopped = false
  const stop = (): void => {
    if (stopped) return
    stopped = true
    unsubscribe()
    client.dispose()
    void lease.release()
  }
  const unsubscribe = client.subscribe(
    {
      query: input.request.query,
      ...(input.request.variables ? { variables: input.request.variables } : {}),
      ...(input.request.operationName ? { operationName: input.request.operationName } : {}),
    },
    {
      next: (result) => queue.push({ type: 'message', data: result, meta: { transport: 'graphql-sse' } }),
      complete: () => {
        queue.end({ type: 'end', status: 'OK' })
        stop()
      },
      error: (error: unknown) => {
        stop()
        if (refused) {
          const errors = graphqlErrors(refused.body)
          queue.end({
            type: 'end',
            status: graphqlStatus(errors, refused.status),
            message: errors?.[0]?.message ?? `HTTP ${refused.status} ${refused.statusText}`.trimEnd(),
            details: { http_status: refused.status, ...(errors ? { errors } : {}) },
          })
          return
        }
        queue.fail(
          toNetworkError(fetchError ?? error, { url: input.url, clientCertificate: ctx.markers.mtls !== undefined }),
        )
      },
    },
  )
  return { stop }
}
