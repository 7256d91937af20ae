/**
 * One hub mapped at a path, as `app.MapHub<T>(path)` maps one in ASP.NET Core: `POST {path}/negotiate`, the
 * WebSocket upgrade, the SSE stream, long polls, POST sends and DELETE, following TransportProtocols.md. A plain GET
 * of the path answers 400 "Connection ID required", as ASP.NET Core's dispatcher does. Written by us from the spec.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { TLSSocket } from 'node:tls'
import { WebSocketServer } from 'ws'
import type { HubCallerAuth, HubDefinition, HubTransportName } from './hub.js'
import { ServerHubConnection } from './hub-connection.js'
import { LongPollingTransport, attachEventStream, attachWebSocket } from './transports.js'

export interface HubEndpointOptions {
  /** The hub's path, e.g. `/hubs/chat`. */
  path: string
  hub: HubDefinition
  /** Transports offered by negotiate and accepted; default all three. */
  transports?: readonly HubTransportName[]
  /** Highest negotiate version spoken (0: `connectionId` only, no `connectionToken`); default 1. */
  negotiateVersion?: 0 | 1
  /** Server pings after this long without sending; default 15 s (ASP.NET Core's KeepAliveInterval). 0 turns them off. */
  keepAliveIntervalMs?: number
  /** How long a long poll waits for data; default 90 s. */
  longPollTimeoutMs?: number
  /** Refuses a request (negotiate and every transport request) with 401 when it returns false. */
  authorize?(auth: HubCallerAuth, request: IncomingMessage): boolean
  /** Answers negotiate with a redirect (`{url, accessToken}`) instead of a connection, as Azure SignalR does. */
  redirect?(request: IncomingMessage): { url: string; accessToken?: string } | undefined
  /** Largest message body accepted on a POST send; default 1 MiB. */
  maxBodyBytes?: number
}

export interface HubEndpointStats {
  negotiates: number
  connectionsOpened: number
  /** `{connectionId, invocationId, target}` of every CancelInvocation acted on. */
  cancellations: Array<{ connectionId: string; invocationId: string; target: string }>
  /** Transport of each connection that completed its handshake, in order. */
  transports: HubTransportName[]
}

export interface HubEndpoint {
  readonly path: string
  readonly stats: HubEndpointStats
  readonly connections: ReadonlyMap<string, ServerHubConnection>
  /** True when the request was for this hub (and has been answered). */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): boolean
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean
  closeAll(): void
}

const allTransports: readonly HubTransportName[] = ['WebSockets', 'ServerSentEvents', 'LongPolling']
const formats: Record<HubTransportName, string[]> = {
  WebSockets: ['Text', 'Binary'],
  ServerSentEvents: ['Text'],
  LongPolling: ['Text', 'Binary'],
}

function plain(response: ServerResponse, status: number, text = ''): void {
  response.writeHead(status, { 'content-type': 'text/plain' }).end(text)
}

function callerAuth(request: IncomingMessage, url: URL): HubCallerAuth {
  const authorization = request.headers.authorization
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  )
  const auth: HubCallerAuth = {
    query: Object.fromEntries(url.searchParams),
    url: `${url.pathname}${url.search}`,
    headers,
  }
  if (authorization?.startsWith('Bearer ')) auth.bearer = authorization.slice('Bearer '.length)
  const queryToken = url.searchParams.get('access_token')
  if (queryToken !== null) auth.accessTokenQuery = queryToken
  const socket = request.socket as Partial<TLSSocket>
  if (socket.authorized === true && typeof socket.getPeerCertificate === 'function') {
    const cn = socket.getPeerCertificate().subject?.CN
    if (typeof cn === 'string') auth.clientCertificate = cn
  }
  return auth
}

async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

export function createHubEndpoint(options: HubEndpointOptions): HubEndpoint {
  const path = options.path.replace(/\/+$/, '')
  const transports = options.transports ?? allTransports
  const maxVersion = options.negotiateVersion ?? 1
  const keepAliveIntervalMs = options.keepAliveIntervalMs ?? 15_000
  const longPollTimeoutMs = options.longPollTimeoutMs ?? 90_000
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  const stats: HubEndpointStats = { negotiates: 0, connectionsOpened: 0, cancellations: [], transports: [] }
  /** By connection token (the `id` of transport requests). */
  const connections = new Map<string, ServerHubConnection>()
  /** Negotiated connections whose transport has not started yet, with the auth of their negotiate. */
  const negotiated = new Map<string, { connectionId: string; timer: NodeJS.Timeout }>()
  const longPolls = new Map<string, LongPollingTransport>()
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false })

  const authorized = (request: IncomingMessage, url: URL): HubCallerAuth | undefined => {
    const auth = callerAuth(request, url)
    return options.authorize && !options.authorize(auth, request) ? undefined : auth
  }

  const open = (token: string, connectionId: string, transport: HubTransportName, auth: HubCallerAuth) => {
    const connection = new ServerHubConnection({
      id: connectionId,
      hub: options.hub,
      transport,
      auth,
      keepAliveIntervalMs,
      hooks: {
        peers: () => connections.values(),
        onClosed: () => {
          connections.delete(token)
          // An ended long-polling connection still answers the client's next poll (with the Close message, or 204).
          if (longPolls.has(token)) setTimeout(() => longPolls.delete(token), 5_000).unref()
        },
        onCancel: (connection, invocationId, target) =>
          stats.cancellations.push({ connectionId: connection, invocationId, target }),
      },
    })
    connections.set(token, connection)
    stats.connectionsOpened++
    stats.transports.push(transport)
    return connection
  }

  /** Takes a negotiated, unused token for a transport; undefined (after answering) when there is none. */
  const claim = (token: string | null, response: ServerResponse | undefined): string | undefined => {
    if (token === null || token === '') {
      if (response) plain(response, 400, 'Connection ID required')
      return undefined
    }
    const waiting = negotiated.get(token)
    if (!waiting) {
      if (response) plain(response, 404, 'No Connection with that ID')
      return undefined
    }
    clearTimeout(waiting.timer)
    negotiated.delete(token)
    return waiting.connectionId
  }

  const negotiate = (request: IncomingMessage, response: ServerResponse, url: URL): void => {
    if (request.method !== 'POST') return plain(response, 405)
    stats.negotiates++
    const json = (body: unknown): void => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    const redirect = options.redirect?.(request)
    if (redirect) return json(redirect)
    const requested = Number(url.searchParams.get('negotiateVersion') ?? '0')
    const version = Number.isInteger(requested) ? Math.min(Math.max(requested, 0), maxVersion) : 0
    const connectionId = randomBytes(16).toString('base64url')
    const token = version >= 1 ? randomBytes(16).toString('base64url') : connectionId
    // An unused negotiation expires, as ASP.NET Core's does (its default is 15 s of inactivity).
    const timer = setTimeout(() => negotiated.delete(token), 15_000)
    timer.unref()
    negotiated.set(token, { connectionId, timer })
    const availableTransports = transports.map((transport) => ({ transport, transferFormats: formats[transport] }))
    json(
      version >= 1
        ? { negotiateVersion: version, connectionId, connectionToken: token, availableTransports }
        : { negotiateVersion: 0, connectionId, availableTransports },
    )
  }

  const transportRequest = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const token = url.searchParams.get('id')
    const method = request.method ?? 'GET'
    if (method === 'GET' && /text\/event-stream/.test(request.headers.accept ?? '')) {
      const connectionId = claim(token, response)
      if (connectionId === undefined) return
      if (!transports.includes('ServerSentEvents'))
        return plain(response, 404, 'ServerSentEvents transport not supported by this end point type')
      const auth = callerAuth(request, url)
      return attachEventStream(open(token as string, connectionId, 'ServerSentEvents', auth), response)
    }
    if (method === 'GET') {
      response.setHeader('cache-control', 'no-cache, no-store')
      const poll = token ? longPolls.get(token) : undefined
      if (poll) return poll.poll(response)
      const connectionId = claim(token, response)
      if (connectionId === undefined) return
      if (!transports.includes('LongPolling'))
        return plain(response, 404, 'LongPolling transport not supported by this end point type')
      const connection = open(token as string, connectionId, 'LongPolling', callerAuth(request, url))
      const transport = new LongPollingTransport(connection, longPollTimeoutMs)
      longPolls.set(token as string, transport)
      return transport.poll(response)
    }
    if (method === 'POST') {
      const connection = token ? connections.get(token) : undefined
      if (!token) return plain(response, 400, 'Connection ID required')
      if (!connection) return plain(response, 404, 'No Connection with that ID')
      if (connection.transport === 'WebSockets') {
        return plain(response, 405, 'POST requests are not allowed for WebSocket connections.')
      }
      const body = await readBody(request, maxBodyBytes)
      if (body === undefined) return plain(response, 413, 'The message is too large.')
      connection.receive(new Uint8Array(body))
      return plain(response, 200)
    }
    if (method === 'DELETE') {
      const poll = token ? longPolls.get(token) : undefined
      if (!poll)
        return plain(response, token ? 404 : 400, token ? 'No Connection with that ID' : 'Connection ID required')
      poll.end()
      return plain(response, 202)
    }
    plain(response, 405)
  }

  return {
    path,
    stats,
    connections,
    handle(request, response, url) {
      if (url.pathname === `${path}/negotiate`) {
        if (!authorized(request, url)) plain(response, 401)
        else negotiate(request, response, url)
        return true
      }
      if (url.pathname !== path) return false
      if (!authorized(request, url)) return (plain(response, 401), true)
      transportRequest(request, response, url).catch(() => {
        if (!response.headersSent) plain(response, 500)
        else response.destroy()
      })
      return true
    },
    upgrade(request, socket, head, url) {
      if (url.pathname !== path) return false
      const refuse = (status: number, text: string): void => {
        socket.end(
          `HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`,
        )
      }
      const auth = authorized(request, url)
      if (!auth) return (refuse(401, 'Unauthorized'), true)
      if (!transports.includes('WebSockets')) return (refuse(404, 'Not Found'), true)
      const token = url.searchParams.get('id')
      // Without an id the WebSocket starts a connection of its own (the client skipped negotiation).
      const fresh = token === null ? randomBytes(16).toString('base64url') : undefined
      const connectionId = fresh ?? claim(token, undefined)
      if (connectionId === undefined) return (refuse(404, 'Not Found'), true)
      wss.handleUpgrade(request, socket, head, (ws) => {
        attachWebSocket(open(fresh ?? (token as string), connectionId, 'WebSockets', auth), ws)
      })
      return true
    },
    closeAll() {
      for (const connection of [...connections.values()]) connection.end()
      for (const { timer } of negotiated.values()) clearTimeout(timer)
      negotiated.clear()
    },
  }
}
