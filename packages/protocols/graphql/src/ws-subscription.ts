/**
 * Subscriptions over graphql-ws (the graphql-transport-ws subprotocol). The client's socket is a `ws` WebSocket
 * that carries the call's headers on the upgrade, the client certificate, and the guarded DNS lookup; the handshake
 * is watched so that `auto` can tell a refused upgrade (fall back to graphql-sse) from a failure.
 */
import type { LookupFunction } from 'node:net'
import { createClient } from 'graphql-ws'
import type { Client } from 'graphql-ws'
import { WebSocket } from 'ws'
import type { ClientOptions } from 'ws'
import { WorkbenchError, appendQueryParams } from '@wirebench/core'
import type { CallContext, StatusName } from '@wirebench/core'
import { callTls, flattenHeaders, toNetworkError } from '@wirebench/transport'
import type { HostSocketOptions } from '@wirebench/transport'
import { graphqlErrors, graphqlStatus } from './errors.js'
import type { SubscriptionQueue } from './frame-queue.js'
import type { GraphqlRequest } from './message.js'
import { subscriptionSent } from './sent-request.js'

export interface WsSubscriptionInput {
  /** The ws(s) address the socket goes to (messages name it too). */
  wsUrl: string
  request: GraphqlRequest
  ctx: CallContext
  /** How the socket opens: through the guarded lookup, or (the host's own address) on the host's listener. */
  connect: { lookup: LookupFunction } | HostSocketOptions
  queue: SubscriptionQueue
  /** Extra headers-frame entries (why this transport was chosen). */
  note?: Record<string, string>
  /** Called instead of failing when the server refuses the upgrade or the subprotocol (another address may follow). */
  onRefused?(reason: string): void
  /** Called once the server acknowledged the connection (this address serves graphql-ws). */
  onAcknowledged?(): void
}

export interface RunningSubscription {
  stop(): void
}

interface Handshake {
  /** The handshake completed (101 with an accepted subprotocol). */
  opened: boolean
  /** The socket graphql-ws opened: stop() ends it even before `connection_ack` (graphql-ws alone would wait). */
  socket?: WebSocket
  /** Size of the last message the socket received (graphql-ws hands over parsed results only). */
  lastMessageBytes: number
  headers?: Record<string, string>
  error?: Error
}

// Headers the WebSocket handshake owns: the client library sets them.
const handshakeHeaders = new Set([
  'connection',
  'upgrade',
  'host',
  'content-length',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
])

const closeStatuses: Record<number, StatusName> = {
  4400: 'InvalidArgument',
  4401: 'Unauthenticated',
  4403: 'PermissionDenied',
  4406: 'FailedPrecondition',
  4408: 'DeadlineExceeded',
  4409: 'AlreadyExists',
  4429: 'ResourceExhausted',
  4500: 'Internal',
  4504: 'DeadlineExceeded',
}

/** How long a stopped socket may take over its closing handshake before it is cut. */
const closeGraceMs = 1000

/** The ws(s) twin of an http(s) address (`http://h/graphql` → `ws://h/graphql`); ws(s) addresses stay as they are. */
export function wsUrlOf(url: string): string {
  return url.replace(/^http/i, 'ws')
}

export function startWsSubscription(input: WsSubscriptionInput): RunningSubscription {
  const { ctx, queue } = input
  const handshake: Handshake = { opened: false, lastMessageBytes: 0 }
  // `lookup` reaches net/tls.connect through ws's request options (its typings leave it out).
  const options: ClientOptions & { lookup?: LookupFunction } = {
    headers: Object.fromEntries(
      Object.entries(ctx.metadata).filter(([name]) => !handshakeHeaders.has(name.toLowerCase())),
    ),
    ...input.connect,
    followRedirects: false,
    maxPayload: Math.min(ctx.limits.maxResponseBytes, 64 * 1024 * 1024),
    handshakeTimeout: ctx.limits.timeoutMs,
    // The environment's trust settings and the client certificate (see callTls for how they combine).
    ...callTls(ctx.markers)?.options,
  }
  let refused = false
  let acknowledged = false
  // Set when the server closed the socket without completing: the close is the end, and graphql-ws must not reconnect.
  let closed = false
  const client: Client = createClient({
    url: appendQueryParams(input.wsUrl, ctx.markers.apiKeyQuery ?? []),
    webSocketImpl: socketClass(options, handshake),
    lazy: false,
    retryAttempts: 0,
    // graphql-ws applies no default: a server that never acknowledges would hold the socket forever.
    connectionAckWaitTimeout: ctx.limits.timeoutMs,
    // Failures reach the subscription's sink; the default would print them to the console.
    onNonLazyError: () => undefined,
    on: {
      connected: () => {
        acknowledged = true
        input.onAcknowledged?.()
        // A full queue pauses the socket: TCP then pushes back on the server until the consumer catches up.
        if (handshake.socket) queue.attach(handshake.socket)
        queue.push(
          {
            type: 'headers',
            metadata: { ...handshake.headers, 'x-wirebench-transport': 'graphql-ws', ...input.note },
            sent: upgradeSent(input, options.headers as Record<string, string>),
          },
          0,
        )
      },
      closed: (event) => {
        // graphql-ws reconnects at once, without backoff or count, after a close 1000 while a subscription is
        // active. This listener runs before graphql-ws decides: disposing now (it sets `disposed` synchronously)
        // makes it give up instead. Other closes before the acknowledgement stay with the error path (refusals).
        const close = event as { code?: unknown; reason?: unknown }
        if (stopped || typeof close.code !== 'number' || (!acknowledged && close.code !== 1000)) return
        closed = true
        disposeQuietly(client)
        if (acknowledged || handshake.opened) endWithClose(queue, close.code, close.reason)
      },
    },
  })
  // Once stopped, late callbacks (a connect failing after the consumer left) change nothing, and start no fallback.
  let stopped = false
  const stop = (): void => {
    if (stopped) return
    stopped = true
    unsubscribe()
    disposeQuietly(client)
    endSocket(handshake.socket)
  }
  const unsubscribe = client.subscribe(
    {
      query: input.request.query,
      ...(input.request.variables ? { variables: input.request.variables } : {}),
      ...(input.request.operationName ? { operationName: input.request.operationName } : {}),
    },
    {
      next: (result) =>
        queue.push({ type: 'message', data: result, meta: { transport: 'graphql-ws' } }, handshake.lastMessageBytes),
      complete: () => {
        if (!refused && !closed) queue.end({ type: 'end', status: 'OK' })
      },
      error: (error: unknown) => {
        disposeQuietly(client)
        if (stopped || closed) return
        const reason = refusal(handshake, error)
        if (reason !== undefined && input.onRefused) {
          refused = true
          input.onRefused(reason)
          return
        }
        settle(error, handshake, input)
      },
    },
  )
  return { stop }
}

/** Why the server would not speak graphql-transport-ws, when that is what happened. */
function refusal(handshake: Handshake, error: unknown): string | undefined {
  const message = handshake.error?.message ?? ''
  if (!handshake.opened) {
    const status = /Unexpected server response: (\d+)/.exec(message)?.[1]
    if (status !== undefined) return `it answered the upgrade with HTTP ${status}`
    if (/subprotocol/i.test(message)) return 'it chose no graphql-transport-ws subprotocol'
  }
  const code = (error as { code?: unknown } | undefined)?.code
  if (code === 4406) return 'it does not accept the graphql-transport-ws subprotocol (close 4406)'
  return undefined
}

function settle(error: unknown, handshake: Handshake, input: WsSubscriptionInput): void {
  const { queue, wsUrl: url } = input
  const errors = graphqlErrors({ errors: error })
  if (errors) {
    queue.end({ type: 'end', status: graphqlStatus(errors), message: errors[0]?.message ?? '', details: errors })
    return
  }
  if (!handshake.opened) {
    const cause = handshake.error
    const status = /Unexpected server response: (\d+)/.exec(cause?.message ?? '')?.[1]
    if (status !== undefined) {
      queue.fail(
        new WorkbenchError('upstream_error', `${url} refused the graphql-ws upgrade with HTTP ${status}.`, {
          hint: 'The server may not offer graphql-ws: choose graphql-sse (or auto) as the subscription transport.',
          details: { http_status: Number(status) },
        }),
      )
      return
    }
    queue.fail(toNetworkError(cause ?? error, { url, clientCertificate: input.ctx.markers.mtls !== undefined }))
    return
  }
  const close = error as { code?: unknown; reason?: unknown }
  if (typeof close.code === 'number') {
    endWithClose(queue, close.code, close.reason)
    return
  }
  queue.fail(toNetworkError(handshake.error ?? error, { url }))
}

/** Ends the stream with a close the server sent; a close without `complete` is never OK for a subscription. */
function endWithClose(queue: SubscriptionQueue, code: number, reasonValue: unknown): void {
  const reason = typeof reasonValue === 'string' ? reasonValue : ''
  queue.end({
    type: 'end',
    status: closeStatuses[code] ?? (code === 1000 || code === 1001 || code === 1005 ? 'Unavailable' : 'Unknown'),
    message: `Closed ${code}: ${reason}`,
    details: { code, reason },
  })
}

/** graphql-ws's dispose waits for a connection that may fail later: that failure is the sink's, not a rejection. */
function disposeQuietly(client: Client): void {
  Promise.resolve(client.dispose()).catch(() => undefined)
}

/** Cuts a socket still in its handshake; closes an open one, cutting it if the server does not answer the close. */
function endSocket(socket: WebSocket | undefined): void {
  if (!socket || socket.readyState === WebSocket.CLOSED) return
  if (socket.readyState === WebSocket.CONNECTING) {
    socket.terminate()
    return
  }
  if (socket.readyState === WebSocket.OPEN) socket.close(1000, 'Normal Closure')
  setTimeout(() => socket.terminate(), closeGraceMs).unref()
}

/** A `ws` WebSocket class with this call's options, recording how the handshake went. */
function socketClass(
  options: ClientOptions,
  handshake: Handshake,
): new (address: string | URL, protocols?: string | string[]) => WebSocket {
  return class CallWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, options)
      handshake.socket = this
      // Registered before graphql-ws's onmessage, so the size is known when the result is handed over.
      this.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        handshake.lastMessageBytes = Array.isArray(data)
          ? data.reduce((n, part) => n + part.length, 0)
          : data instanceof ArrayBuffer
            ? data.byteLength
            : data.length
      })
      this.once('upgrade', (response) => {
        handshake.headers = flattenHeaders(response.headers)
      })
      this.once('open', () => {
        handshake.opened = true
      })
      this.on('error', (error) => {
        handshake.error ??= error
      })
    }
  }
}

/** The upgrade that opened a graphql-ws subscription, with the subscribe payload (its first message) as the body. */
function upgradeSent(input: WsSubscriptionInput, headers: Record<string, string>) {
  const { query, variables, operationName } = input.request
  const payload = { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) }
  return subscriptionSent(
    {
      method: 'GET',
      url: input.wsUrl,
      headers: { ...headers, 'sec-websocket-protocol': 'graphql-transport-ws' },
      body: JSON.stringify(payload, null, 2),
    },
    input.ctx.markers,
  )
}
