/**
 * What every request of one hub connection goes out with: the hub's origin, its headers and TLS material, and the
 * rules for anything else. The environment's headers, bearer token and client certificate go only to the hub's own
 * origin; after a negotiate redirect to another origin (as the hosted SignalR service sends) only the redirect's own
 * access token travels there, with the environment's trust settings.
 */
import type { LookupFunction } from 'node:net'
import type { Dispatcher } from 'undici'
import { WorkbenchError, checkOutboundHeaders, checkOutboundUrl } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'
import type { CallTlsOptions, HostSocketOptions } from '@wirebench/transport'

export type TransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling'

export interface HubWire {
  /** `http(s)://host:port` of the hub as the user addressed it. */
  origin: string
  /** How messages name the hub (no query: it may hold an API key). */
  displayUrl: string
  /** Headers for the hub's origin (metadata and auth output), the bearer token left out. */
  headers: Record<string, string>
  /** The environment's bearer token, handed to the client's accessTokenFactory. */
  bearerToken?: string
  hubDispatcher: Dispatcher
  foreignDispatcher: Dispatcher
  hubTls?: CallTlsOptions
  foreignTls?: CallTlsOptions
  clientCertificate: boolean
  lookup: LookupFunction
  /**
   * Embedded mode, a hub the host serves: how a WebSocket to its origin opens (on the host's listener). Its origin is
   * the host's own, which the outbound policy does not apply to.
   */
  hostSocket?: (url: string) => HostSocketOptions
  outbound?: OutboundPolicy
  /** Fires when the connection is stopped for good. */
  signal: AbortSignal
  maxMessageBytes: number
  handshakeTimeoutMs: number
  gate: FlowGate
  /** The transport the client opened last (the client does not say which one `auto` chose). */
  onTransport: (name: TransportName) => void
  /**
   * A failure under the client (refused connection, TLS, DNS), which the client itself reports only as text.
   * `isExact` marks one that names exactly what the hub answered: it is the call's error as it stands.
   */
  onError?: (error: WorkbenchError, isExact?: boolean) => void
  /** A negotiate answer: where it sends the client on (a redirect), or the hub address it accepted. */
  onNegotiated?: (answer: NegotiateAnswer) => void
}

/** What a negotiate said: the hub at `hubUrl` takes the connection, or it redirects (with an access token or not). */
export type NegotiateAnswer =
  { hubUrl: string; redirect?: undefined } | { hubUrl: string; redirect: { url: string; accessToken: boolean } }

/** `http(s)://host:port` of an http(s) or ws(s) address. */
export function originOf(url: string): string {
  const parsed = new URL(url)
  const scheme = parsed.protocol === 'wss:' ? 'https:' : parsed.protocol === 'ws:' ? 'http:' : parsed.protocol
  return `${scheme}//${parsed.host}`
}

/** `https://host/path` of an address: no query (it may hold an access token), no fragment. */
export function withoutQuery(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/**
 * Checks a request's address against the outbound policy and tells whether it goes to the hub's own origin. Another
 * origin is only ever reached through a negotiate redirect, so a refusal there names the redirect.
 */
export function checkTarget(wire: HubWire, url: string): { sameOrigin: boolean } {
  const http = url.replace(/^ws(s?):/i, 'http$1:')
  const sameOrigin = originOf(http) === wire.origin
  if (sameOrigin && wire.hostSocket) return { sameOrigin }
  try {
    checkOutboundUrl(http, wire.outbound)
  } catch (error) {
    const refusal =
      error instanceof WorkbenchError && !sameOrigin
        ? new WorkbenchError(
            error.code,
            `The hub at ${wire.displayUrl} redirected the connection (its negotiate answer named ${withoutQuery(http)}), and the outbound policy refuses that address: ${error.message}`,
            {
              cause: error,
              // Cloud-metadata addresses are refused whatever the policy says: allowing the host would not help.
              hint: /cloud-metadata/.test(error.message)
                ? 'No setting allows that address: connect to a hub that does not redirect there.'
                : 'Allow that host in the workbench’s outbound policy if you trust it, or connect to a hub that does not redirect (another transport does not help: every one negotiates first).',
            },
          )
        : error
    if (refusal instanceof WorkbenchError) wire.onError?.(refusal, !sameOrigin)
    throw refusal
  }
  return { sameOrigin }
}

/**
 * Checks the headers a request goes out with (a line break would end the head early). An Authorization that is not
 * the environment's came from a negotiate redirect's access token: then the hub sent something unusable, not the user.
 */
export function checkHeaders(wire: HubWire, headers: Record<string, string>): void {
  try {
    checkOutboundHeaders(headers)
  } catch (error) {
    const header =
      error instanceof WorkbenchError ? (error.details as { header?: unknown } | undefined)?.header : undefined
    const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1]
    const fromRedirect =
      typeof header === 'string' &&
      header.toLowerCase() === 'authorization' &&
      (wire.bearerToken === undefined || value !== `Bearer ${wire.bearerToken}`)
    const blamed = fromRedirect
      ? new WorkbenchError(
          'upstream_error',
          `The hub at ${wire.displayUrl} redirected the connection with an access token that contains a line break, so it cannot be sent as the Authorization header; nothing was sent with it.`,
          {
            cause: error,
            hint: 'The negotiate answer (its accessToken) is broken on the server side: fix the token the hub or the SignalR service issues. Nothing in your environment causes this.',
            details: { header: 'Authorization' },
          },
        )
      : error
    if (blamed instanceof WorkbenchError) wire.onError?.(blamed, fromRedirect)
    throw blamed
  }
}

/**
 * The headers a request may carry: all of them to the hub's origin; elsewhere, none of the environment's (its
 * bearer token included) — only what the client set itself, such as a redirect's access token.
 */
export function headersFor(
  wire: HubWire,
  sameOrigin: boolean,
  headers: Record<string, string> = {},
): Record<string, string> {
  if (sameOrigin) return headers
  const own = new Set(Object.keys(wire.headers).map((name) => name.toLowerCase()))
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (own.has(lower)) continue
    if (lower === 'authorization' && wire.bearerToken !== undefined && value === `Bearer ${wire.bearerToken}`) continue
    if (lower === 'cookie') continue
    kept[name] = value
  }
  return kept
}

/**
 * Back-pressure from the consumer to the transports: while closed, the WebSocket stops reading, the SSE reader stops
 * pulling events and long polling holds its next poll, so the server is pushed back on instead of frames piling up.
 */
export class FlowGate {
  private waiters: Array<() => void> = []
  /** Who wants the transport paused: the gate is open only while nobody does. */
  private readonly holders = new Set<unknown>()
  private readonly listeners = new Set<(open: boolean) => void>()

  get isOpen(): boolean {
    return this.holders.size === 0
  }

  /** The gate's own owner opens or closes it (one holder among the others). */
  set(open: boolean): void {
    if (open) this.release(this)
    else this.hold(this)
  }

  /** Pauses the transport until `holder` (and every other holder) releases it. */
  hold(holder: unknown): void {
    if (this.holders.has(holder)) return
    const wasOpen = this.isOpen
    this.holders.add(holder)
    if (wasOpen) for (const listener of this.listeners) listener(false)
  }

  release(holder: unknown): void {
    if (!this.holders.delete(holder) || !this.isOpen) return
    for (const listener of this.listeners) listener(true)
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }

  /** Resolves once the gate is open (at once when it is). */
  ready(): Promise<void> {
    return this.isOpen ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve))
  }

  onChange(listener: (open: boolean) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
