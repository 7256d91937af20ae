/**
 * `invokeStream` for subscriptions: graphql-ws, graphql-sse, or `auto` (graphql-ws first, graphql-sse when the server
 * refuses the upgrade or the subprotocol; the headers frame says which). Frames: headers, one message per event
 * (`data` = the execution result), then end. The signal and a consumer leaving early both stop the subscription.
 */
import type { LookupFunction } from 'node:net'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, StreamFrame } from '@wirebench/core'
import type { DispatcherFactory } from '@wirebench/transport'
import { httpEndpoint } from './discover.js'
import type { GraphqlDeps } from './discover.js'
import { cookiesUnsupported, sigv4Unsupported } from './errors.js'
import { createSubscriptionQueue } from './frame-queue.js'
import { readMessage } from './message.js'
import { startSseSubscription } from './sse-subscription.js'
import type { CachedOperation } from './types.js'
import { startWsSubscription } from './ws-subscription.js'
import type { RunningSubscription } from './ws-subscription.js'

export interface StreamDeps {
  outbound: GraphqlDeps['outbound']
  dispatchers: DispatcherFactory
  lookup: LookupFunction
  maxQueuedEvents: number | undefined
  maxQueuedBytes: number
}

export interface StreamInput {
  url: string
  operation: CachedOperation
  messages: readonly unknown[]
}

export async function* streamSubscription(
  input: StreamInput,
  ctx: CallContext,
  deps: StreamDeps,
): AsyncGenerator<StreamFrame> {
  const { operation } = input
  if (operation.kind !== 'subscription') {
    throw new WorkbenchError(
      'invalid_request',
      `${operation.method.fullName} is a ${operation.kind}, not a subscription.`,
      {
        hint: 'Call queries and mutations with invoke; streams are for subscriptions.',
      },
    )
  }
  const request = readMessage(input.messages, operation)
  if (ctx.signal.aborted) throw abortError(ctx.signal)
  // A call may name another server than discovery did: the policy applies to it too (its ws:// twin has the same host).
  httpEndpoint(input.url, deps)
  if (ctx.markers.sigv4) throw sigv4Unsupported()
  let transport = request.transport
  let note: Record<string, string> | undefined
  if (ctx.markers.cookieEnv !== undefined) {
    // Cookie jars live on the undici dispatcher; the WebSocket upgrade does not go through it.
    if (transport === 'graphql-ws') throw cookiesUnsupported('graphql-ws subscriptions')
    if (transport === 'auto') {
      transport = 'graphql-sse'
      note = { 'x-wirebench-transport-note': 'graphql-sse chosen: the call uses a cookie jar' }
    }
  }
  let running: RunningSubscription | undefined
  const queue = createSubscriptionQueue({
    maxFrames: deps.maxQueuedEvents ?? ctx.limits.maxQueuedFrames,
    maxBytes: deps.maxQueuedBytes,
  })
  const startSse = (extra?: Record<string, string>): void => {
    running = startSseSubscription({
      url: input.url,
      request,
      ctx,
      dispatchers: deps.dispatchers,
      queue,
      ...(extra ? { note: extra } : {}),
    })
  }
  if (transport === 'graphql-sse') {
    startSse(note)
  } else {
    running = startWsSubscription({
      url: input.url,
      request,
      ctx,
      lookup: deps.lookup,
      queue,
      ...(transport === 'auto'
        ? {
            onRefused: (reason: string) => {
              if (!ctx.signal.aborted)
                startSse({ 'x-wirebench-transport-note': `graphql-ws refused (${reason}); fell back to graphql-sse` })
            },
          }
        : {}),
    })
  }
  const onAbort = (): void => {
    running?.stop()
    queue.fail(abortError(ctx.signal))
  }
  ctx.signal.addEventListener('abort', onAbort, { once: true })
  try {
    yield* queue.frames()
  } finally {
    ctx.signal.removeEventListener('abort', onAbort)
    running?.stop()
  }
}

function abortError(signal: AbortSignal): WorkbenchError {
  const reason: unknown = signal.reason
  if (reason instanceof WorkbenchError) return reason
  return new WorkbenchError('cancelled', 'The subscription was cancelled.', { cause: reason })
}
