/**
 * `invokeStream` for subscriptions: graphql-ws, graphql-sse, or `auto` (graphql-ws first, graphql-sse when the server
 * refuses the upgrade or the subprotocol; the headers frame says which). graphql-ws tries the `subscriptionUrl`, else
 * the usual addresses in turn; when no transport takes it, the end frame names each address tried and its answer.
 * Frames: headers, one message per event (`data` = the execution result), then end. The signal and a consumer leaving
 * early both stop the subscription.
 */
import type { LookupFunction } from 'node:net'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, StreamFrame } from '@wirebench/core'
import type { DispatcherFactory, HostSocketOptions } from '@wirebench/transport'
import { dispatchersFor, httpEndpoint } from './discover.js'
import type { GraphqlDeps } from './discover.js'
import { cookiesUnsupported, sigv4Unsupported } from './errors.js'
import { createSubscriptionQueue } from './frame-queue.js'
import { readMessage } from './message.js'
import { startSseSubscription } from './sse-subscription.js'
import { refusedEnd } from './subscription-refusals.js'
import type { SubscriptionRefusal } from './subscription-refusals.js'
import type { CachedOperation } from './types.js'
import { subscriptionAddresses } from './subscription-addresses.js'
import type { WsAddressMemory } from './subscription-addresses.js'
import { startWsSubscription } from './ws-subscription.js'
import type { RunningSubscription } from './ws-subscription.js'

export interface StreamDeps {
  outbound: GraphqlDeps['outbound']
  /** Embedded mode: an address of the host itself, reachable whatever `outbound` says. */
  isHostUrl?: GraphqlDeps['isHostUrl']
  /** Embedded mode: the dispatchers for the host's own addresses (graphql-sse). */
  hostDispatchers?: DispatcherFactory
  /** Embedded mode: how a graphql-ws socket to the host's own address opens (on its listener, no DNS). */
  hostSocket?: (url: string) => HostSocketOptions
  /** graphql-ws addresses found per endpoint (tried first next time). */
  wsAddresses: WsAddressMemory
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
  const addresses = subscriptionAddresses({
    endpoint: input.url,
    subscriptionUrl: request.subscriptionUrl,
    remembered: deps.wsAddresses.get(input.url),
    outbound: deps.outbound,
    ...(deps.isHostUrl ? { isHostUrl: deps.isHostUrl } : {}),
  })
  let running: RunningSubscription | undefined
  const queue = createSubscriptionQueue({
    maxFrames: deps.maxQueuedEvents ?? ctx.limits.maxQueuedFrames,
    maxBytes: deps.maxQueuedBytes,
  })
  const startSse = (extra?: Record<string, string>, wsRefusals: SubscriptionRefusal[] = []): void => {
    running = startSseSubscription({
      url: addresses.sse,
      request,
      ctx,
      // The host itself is always allowed; every other address keeps the guarded dispatchers.
      dispatchers: dispatchersFor(addresses.sse, deps),
      queue,
      wsRefusals,
      ...(extra ? { note: extra } : {}),
    })
  }
  // Why each graphql-ws address would not take the subscription, in the order they were tried.
  const refusals: SubscriptionRefusal[] = []
  const startWs = (index: number): void => {
    const wsUrl = addresses.ws[index] as string
    running = startWsSubscription({
      wsUrl,
      request,
      ctx,
      connect: deps.hostSocket && deps.isHostUrl?.(wsUrl) === true ? deps.hostSocket(wsUrl) : { lookup: deps.lookup },
      queue,
      onAcknowledged: () => deps.wsAddresses.set(input.url, wsUrl),
      onRefused: (reason: string) => {
        if (ctx.signal.aborted) return
        refusals.push({ transport: 'graphql-ws', address: wsUrl, reason })
        if (index + 1 < addresses.ws.length) startWs(index + 1)
        else if (transport === 'auto') {
          const tried = refusals.map((r) => `${r.address}: ${r.reason}`).join('; ')
          startSse(
            { 'x-wirebench-transport-note': `graphql-ws refused (${tried}); fell back to graphql-sse` },
            refusals,
          )
        } else queue.end(refusedEnd('Unavailable', refusals))
      },
    })
  }
  if (transport === 'graphql-sse') startSse(note)
  else startWs(0)
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
