/**
 * How a hub is defined for this server: methods by name (matched case-insensitively, as ASP.NET Core's binder does),
 * each returning a value (one Completion), or an async iterable (StreamItems, then a Completion). Ours, written from
 * the published SignalR specs.
 */

/** What the server knows about the caller's credentials, for hubs that check them. */
export interface HubCallerAuth {
  /** The bearer token from `Authorization: Bearer …`. */
  bearer?: string
  /** The `access_token` query parameter (how browsers pass a token to WebSockets and SSE). */
  accessTokenQuery?: string
  /** The subject CN of the client certificate, when one was presented and verified. */
  clientCertificate?: string
  /** The query string of the connect request (API keys and the like). */
  query: Record<string, string>
  /** Path and query of the connect request. */
  url: string
  /** Headers of the connect request (lower-case names). */
  headers: Record<string, string>
}

export interface HubClientProxy {
  /** Sends an Invocation without an id (the client does not answer). */
  send(target: string, ...args: unknown[]): void
}

export interface HubClients {
  all: HubClientProxy
  others: HubClientProxy
  caller: HubClientProxy
  /** How many connections have completed the handshake. */
  count(): number
}

export interface HubInvocationContext {
  args: unknown[]
  /** One iterable per `streamIds` entry of the invocation, in order: the client's upload streams. */
  streams: AsyncIterable<unknown>[]
  /** Fires on the client's CancelInvocation and when the connection goes. */
  signal: AbortSignal
  connectionId: string
  transport: HubTransportName
  protocol: string
  auth: HubCallerAuth
  clients: HubClients
  /** Ends the connection with a Close message (and its error). */
  close: (error?: string, allowReconnect?: boolean) => void
}

export type HubMethod = (this: void, context: HubInvocationContext) => unknown

export interface HubDefinition {
  methods: Record<string, HubMethod>
  /** Runs once a connection's handshake completed. */
  onConnected?(context: Omit<HubInvocationContext, 'args' | 'streams' | 'signal'>): void
}

export type HubTransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling'

/** An error whose message reaches the client, as a HubException's does in ASP.NET Core. */
export class HubError extends Error {}

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  )
}
