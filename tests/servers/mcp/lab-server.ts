/**
 * Our own MCP test server (the MCP TypeScript SDK's low-level `Server` over its Streamable HTTP transport, on
 * 127.0.0.1:0), for what the reference servers cannot show: how many `initialize`s and which methods reached it, the
 * headers and URL a call carried, a slow tool that notices cancellation, progress, elicitation, sampling and roots on
 * demand, invalid structured content, paged lists of many generated tools, forgotten sessions and bearer-token auth.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { randomUUID } from 'node:crypto'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { createLabMcpServer } from './lab-mcp-server.js'
import type { LabState } from './lab-tool-calls.js'
import { baseTools, generatedTools } from './lab-tools.js'

export interface LabServerOptions {
  /** Extra generated tools (`tool-0001`…), each with a small object schema. */
  generatedTools?: number
  /** Tools per `tools/list` page (default: all on one page). */
  pageSize?: number
  /** Every `tools/list` page names the same next cursor, so the list never ends. */
  isCursorLooping?: boolean
  /** Refuse requests without `Authorization: Bearer <token>` with 401 and a protected-resource metadata URL. */
  bearerToken?: string
  /** Serve HTTPS; `requestCert` asks for (and requires) a client certificate signed by `ca`. */
  tls?: { key: string; cert: string; ca?: string; requestCert?: boolean }
}

/** One HTTP request as the server saw it. */
export interface LabRequest {
  method: string
  /** Path and query. */
  url: string
  headers: Record<string, string | string[] | undefined>
  /** The client certificate's subject CN, over TLS with a client certificate. */
  clientCommonName?: string
}

export interface LabServer {
  /** The Streamable HTTP endpoint (`/mcp`). */
  url: string
  /** The legacy HTTP+SSE endpoint (`/sse`, posting to `/messages`). */
  sseUrl: string
  /** Every HTTP request, in order. */
  requests(): LabRequest[]
  origin: string
  /** `initialize` requests received. */
  initializes(): number
  /** JSON-RPC methods received, in order (requests and notifications). */
  methods(): string[]
  /** Tool calls the client cancelled (`notifications/cancelled`) while the server was working on them. */
  cancelled(): Array<{ requestId: unknown; reason?: unknown }>
  /** Drops every session, as a restarted server would (the next request with an old id gets 404). */
  forgetSessions(): void
  openConnections(): number
  close(): Promise<void>
}

export async function startLabServer(options: LabServerOptions = {}): Promise<LabServer> {
  const state: LabState = {
    tools: [...baseTools(), ...generatedTools(options.generatedTools ?? 0)],
    readme: 'Hello from the lab.',
    cancelled: [],
  }
  const pageSize = options.pageSize ?? state.tools.length
  const transports = new Map<string, StreamableHTTPServerTransport>()
  const legacy = new Map<string, SSEServerTransport>()
  const requests: LabRequest[] = []
  const methods: string[] = []
  let initializes = 0

  const newServer = () => createLabMcpServer(state, { pageSize, isCursorLooping: options.isCursorLooping === true })

  const readBody = (request: IncomingMessage): Promise<unknown> =>
    new Promise((resolve) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        try {
          resolve(raw === '' ? undefined : JSON.parse(raw))
        } catch {
          resolve(undefined)
        }
      })
    })

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const seen: LabRequest = { method: request.method ?? '', url: request.url ?? '', headers: { ...request.headers } }
    const peer = (request.socket as Partial<TLSSocket>).getPeerCertificate?.()
    if (peer && typeof peer.subject?.CN === 'string') seen.clientCommonName = peer.subject.CN
    requests.push(seen)
    const path = (request.url ?? '').split('?')[0]
    if (path === '/sse' || path === '/messages') {
      await handleLegacy(request, response, path)
      return
    }
    if (path !== '/mcp') {
      response.writeHead(404).end()
      return
    }
    if (options.bearerToken !== undefined && request.headers.authorization !== `Bearer ${options.bearerToken}`) {
      response.writeHead(401, {
        'www-authenticate': `Bearer error="invalid_token", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="lab"`,
        'content-type': 'application/json',
      })
      response.end(JSON.stringify({ error: 'invalid_token' }))
      return
    }
    const body = request.method === 'POST' ? await readBody(request) : undefined
    for (const message of Array.isArray(body) ? body : body === undefined ? [] : [body]) {
      const method = (message as { method?: unknown }).method
      if (typeof method === 'string') methods.push(method)
      if (method === 'initialize') initializes++
    }
    const sessionId = request.headers['mcp-session-id']
    const known = typeof sessionId === 'string' ? transports.get(sessionId) : undefined
    if (known) {
      await known.handleRequest(request, response, body)
      return
    }
    if (typeof sessionId === 'string' || request.method !== 'POST') {
      response.writeHead(typeof sessionId === 'string' ? 404 : 400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Session not found' }, id: null }))
      return
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport)
      },
    })
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId)
    }
    await newServer().connect(transport)
    await transport.handleRequest(request, response, body)
  }

  /** The legacy transport: GET /sse opens a session stream whose `endpoint` event names POST /messages?sessionId=. */
  const handleLegacy = async (request: IncomingMessage, response: ServerResponse, path: string): Promise<void> => {
    if (path === '/sse' && request.method === 'GET') {
      const transport = new SSEServerTransport('/messages', response)
      legacy.set(transport.sessionId, transport)
      response.on('close', () => legacy.delete(transport.sessionId))
      await newServer().connect(transport)
      return
    }
    const sessionId = new URL(request.url ?? '', 'http://lab').searchParams.get('sessionId') ?? ''
    const transport = legacy.get(sessionId)
    if (!transport || request.method !== 'POST') {
      response.writeHead(404).end('No such session')
      return
    }
    const body = await readBody(request)
    const method = (body as { method?: unknown } | undefined)?.method
    if (typeof method === 'string') methods.push(method)
    if (method === 'initialize') initializes++
    await transport.handlePostMessage(request, response, body)
  }

  const sockets = new Set<Socket>()
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  }
  const tls = options.tls
  const http = tls
    ? createHttpsServer(
        {
          key: tls.key,
          cert: tls.cert,
          ...(tls.ca ? { ca: tls.ca } : {}),
          requestCert: tls.requestCert === true,
          rejectUnauthorized: tls.requestCert === true,
        },
        listener,
      )
    : createServer(listener)
  http.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(http.address() as AddressInfo).port}`
  return {
    url: `${origin}/mcp`,
    sseUrl: `${origin}/sse`,
    requests: () => [...requests],
    origin,
    initializes: () => initializes,
    methods: () => [...methods],
    cancelled: () => [...state.cancelled],
    forgetSessions() {
      for (const transport of transports.values()) void transport.close()
      transports.clear()
    },
    openConnections: () => sockets.size,
    async close() {
      for (const transport of [...transports.values(), ...legacy.values()])
        await transport.close().catch(() => undefined)
      transports.clear()
      legacy.clear()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
