/**
 * Opens a hub connection for a call: builds the client session on the call's wire, starts it within the handshake
 * budget (and the caller's signal), and stops it — releasing its dispatchers — when asked or when it closes.
 */
import { WorkbenchError } from '@wirebench/core'
import { HubSession } from './client/hub-session.js'
import type { HubState } from './client/hub-session.js'
import type { FlowGate, NegotiateAnswer, TransportName } from './client/hub-wire.js'
import { startFailure } from './errors.js'
import { liveWire } from './wire.js'
import type { WireRequest } from './wire.js'
import type { ConnectionChoice } from './types.js'

/** Where the connection went: the hub address in use, and what redirected it there. */
export interface ConnectedHub {
  /** The hub address the transport connected to (the request's own unless a negotiate answer redirected it). */
  url: string
  isRedirected: boolean
  /** A redirect handed out an access token, which the connection carries instead of the environment's credentials. */
  hasRedirectToken: boolean
}

export interface OpenSession {
  session: HubSession
  transport: TransportName | undefined
  hub: ConnectedHub
  /** Resolves with the final state once the connection is closed for good. */
  closed: Promise<Extract<HubState, { state: 'closed' }>>
  stop(): Promise<void>
}

export interface OpenSessionOptions {
  choice: ConnectionChoice
  reconnect?: boolean
  gate: FlowGate
  /** The caller's signal: starting stops when it fires. */
  signal: AbortSignal
  /** Subscribes before the start, so the first messages are seen too. */
  beforeStart?(session: HubSession): void
}

export async function openSession(request: WireRequest, options: OpenSessionOptions): Promise<OpenSession> {
  const lifetime = new AbortController()
  let wireError: WorkbenchError | undefined
  let exactError: WorkbenchError | undefined
  let transport: TransportName | undefined
  const wire = liveWire(request, lifetime.signal, options.gate, (name) => (transport = name))
  wire.onError = (error, isExact) => {
    if (isExact === true) exactError ??= error
    else wireError ??= error
  }
  const hub = followNegotiation(request.url)
  wire.onNegotiated = hub.onNegotiated
  const session = new HubSession(wire, {
    url: request.url,
    transport: options.choice.transport,
    protocol: options.choice.protocol,
    skipNegotiation: options.choice.skipNegotiation,
    reconnect: options.reconnect === true,
    keepAliveIntervalMs: options.choice.keepAliveIntervalMs,
    serverTimeoutMs: options.choice.serverTimeoutMs,
  })
  let released = false
  const release = async (): Promise<void> => {
    if (released) return
    released = true
    lifetime.abort()
    await Promise.all(request.leases.map((lease) => lease.release()))
  }
  const closed = new Promise<Extract<HubState, { state: 'closed' }>>((resolve) => {
    session.onState((state) => {
      if (state.state !== 'closed') return
      void release()
      resolve(state)
    })
  })
  options.beforeStart?.(session)
  const stop = async (): Promise<void> => {
    await session.stop().catch(() => undefined)
    await release()
  }
  let timer: NodeJS.Timeout | undefined
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new WorkbenchError(
            'timeout',
            `The hub at ${wire.displayUrl} did not complete its handshake in ${wire.handshakeTimeoutMs} ms.`,
          ),
        ),
      wire.handshakeTimeoutMs,
    )
    const onAbort = (): void => reject(WorkbenchError.from(options.signal.reason, 'cancelled'))
    if (options.signal.aborted) onAbort()
    else options.signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    await Promise.race([session.start(), budget])
  } catch (error) {
    await stop()
    if (error instanceof WorkbenchError && (error.code === 'timeout' || error.code === 'cancelled')) throw error
    throw exactError ?? startFailure(error, wireError, wire.displayUrl)
  } finally {
    clearTimeout(timer)
  }
  return {
    session,
    // Neither a WebSocket nor an event stream opened: the client is long polling.
    get transport() {
      return session.transport ?? transport ?? 'LongPolling'
    },
    get hub() {
      return hub.current
    },
    closed,
    stop,
  }
}

/**
 * Follows the negotiate answers of one connection: a chain starts at the request's own address, each redirect may
 * hand out an access token, and the answer without a redirect names the hub in use. Reconnects start a new chain.
 */
function followNegotiation(requestUrl: string): {
  current: ConnectedHub
  onNegotiated: (answer: NegotiateAnswer) => void
} {
  const start = new URL(requestUrl).href
  let hasToken = false
  const state = {
    current: { url: requestUrl, isRedirected: false, hasRedirectToken: false } as ConnectedHub,
    onNegotiated(answer: NegotiateAnswer): void {
      if (answer.hubUrl === start) hasToken = false
      if (answer.redirect) {
        hasToken ||= answer.redirect.accessToken
        return
      }
      const isRedirected = answer.hubUrl !== start
      state.current = {
        url: isRedirected ? answer.hubUrl : requestUrl,
        isRedirected,
        hasRedirectToken: isRedirected && hasToken,
      }
    },
  }
  return state
}
