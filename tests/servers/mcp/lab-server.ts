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
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'

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

const nestedSchema = {
  type: 'object',
  $defs: {
    Address: {
      type: 'object',
      properties: {
        street: { type: 'string', description: 'Street and number' },
        city: { type: 'string', default: 'Lyon' },
      },
      required: ['street'],
    },
  },
  properties: {
    name: { type: 'string', description: 'Who orders' },
    size: { type: 'string', enum: ['small', 'medium', 'large'], default: 'medium' },
    count: { type: 'integer', minimum: 1, default: 1 },
    tags: { type: 'array', items: { type: 'string' } },
    address: { $ref: '#/$defs/Address' },
    lines: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'number' } }, required: ['sku'] },
    },
    note: { type: ['string', 'null'], description: 'Anything ${canarySecret} else' },
  },
  required: ['name', 'address'],
} as const

const weatherSchema = {
  type: 'object' as const,
  properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
  required: ['temperature', 'conditions'],
}

function baseTools(): Tool[] {
  const object = (properties: Record<string, object> = {}, required: string[] = []) => ({
    type: 'object' as const,
    properties,
    ...(required.length > 0 ? { required } : {}),
  })
  return [
    {
      name: 'echo',
      description: 'Echoes its message.',
      inputSchema: object({ message: { type: 'string' } }, ['message']),
    },
    { name: 'headers', description: 'Answers the request headers and URL it received.', inputSchema: object() },
    {
      name: 'slow',
      description: 'Waits `ms` milliseconds (or until cancelled).',
      inputSchema: object({ ms: { type: 'integer', default: 5000 } }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    {
      name: 'progress',
      description: 'Reports `steps` progress notifications, `delayMs` apart.',
      inputSchema: object({ steps: { type: 'integer', default: 3 }, delayMs: { type: 'integer', default: 20 } }),
    },
    {
      name: 'weather-ok',
      description: 'Valid structured content.',
      inputSchema: object(),
      outputSchema: weatherSchema,
    },
    {
      name: 'weather-bad',
      description: 'Structured content that breaks its own outputSchema.',
      inputSchema: object(),
      outputSchema: weatherSchema,
    },
    {
      name: 'weather-many',
      description: 'About 1.5 MB of readings, #9000 with a temperature that is no number.',
      inputSchema: object(),
      outputSchema: { type: 'object', properties: { readings: { type: 'array', items: weatherSchema } } },
    },
    {
      name: 'fails',
      description: 'Always reports a tool error.',
      inputSchema: object(),
      annotations: { destructiveHint: true, openWorldHint: false, title: 'Always fails' },
    },
    { name: 'ask', description: 'Asks the user for a color (elicitation).', inputSchema: object() },
    { name: 'sample', description: 'Asks the client’s model (sampling).', inputSchema: object() },
    { name: 'roots', description: 'Lists the client’s roots.', inputSchema: object() },
    { name: 'touch', description: 'Updates lab://readme (subscribers are told).', inputSchema: object() },
    { name: 'nested', description: 'A nested form.', inputSchema: nestedSchema as unknown as Tool['inputSchema'] },
    { name: 'contents', description: 'Every content block kind.', inputSchema: object() },
    { name: 'grow', description: 'Adds a tool and says the list changed.', inputSchema: object() },
    { name: 'ping-client', description: 'Pings the client.', inputSchema: object() },
    {
      name: 'needs-consent',
      description:
        'Refuses with URLElicitationRequiredError (-32042) until a consent page is finished; reports it finished 300 ms later.',
      inputSchema: object(),
    },
    {
      name: 'ask-then-withdraw',
      description: 'Asks the user, then withdraws the question after 200 ms.',
      inputSchema: object(),
    },
  ]
}

function generatedTools(count: number): Tool[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `tool-${String(i + 1).padStart(4, '0')}`,
    description: `Generated tool number ${i + 1}.`,
    inputSchema: {
      type: 'object' as const,
      properties: { id: { type: 'integer' }, label: { type: 'string' }, flag: { type: 'boolean', default: false } },
      required: ['id'],
    },
  }))
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] })

export async function startLabServer(options: LabServerOptions = {}): Promise<LabServer> {
  const tools = [...baseTools(), ...generatedTools(options.generatedTools ?? 0)]
  const pageSize = options.pageSize ?? tools.length
  const transports = new Map<string, StreamableHTTPServerTransport>()
  const legacy = new Map<string, SSEServerTransport>()
  const requests: LabRequest[] = []
  const methods: string[] = []
  const cancelled: Array<{ requestId: unknown; reason?: unknown }> = []
  let initializes = 0
  let readme = 'Hello from the lab.'

  const newServer = (): Server => {
    const server = new Server(
      { name: 'wirebench-lab', version: '1.0.0', title: 'Wirebench lab' },
      {
        capabilities: {
          tools: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          prompts: {},
          completions: {},
          logging: {},
        },
        instructions: 'A test server. ${canarySecret} is only text here.',
      },
    )
    const subscribed = new Set<string>()
    let consent: 'none' | 'asked' | 'given' = 'none'
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const start = Number(request.params?.cursor ?? 0)
      const page = tools.slice(start, start + pageSize)
      if (options.isCursorLooping) return { tools: page, nextCursor: '0' }
      const next = start + pageSize
      return next < tools.length ? { tools: page, nextCursor: String(next) } : { tools: page }
    })
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const args = request.params.arguments ?? {}
      const token = request.params._meta?.progressToken
      switch (request.params.name) {
        case 'echo':
          return text(`Echo: ${String(args['message'])}`)
        case 'headers': {
          const info = { headers: extra.requestInfo?.headers ?? {}, url: extra.requestInfo?.url?.toString() ?? '' }
          return { ...text(JSON.stringify(info)), structuredContent: info }
        }
        case 'slow':
          await sleep(Number(args['ms'] ?? 5000), extra.signal)
          if (extra.signal.aborted) cancelled.push({ requestId: extra.requestId, reason: extra.signal.reason })
          return text(extra.signal.aborted ? 'cancelled' : 'done')
        case 'progress': {
          const steps = Number(args['steps'] ?? 3)
          for (let step = 1; step <= steps; step++) {
            await sleep(Number(args['delayMs'] ?? 20), extra.signal)
            if (token !== undefined) {
              await extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress: step, total: steps, message: `step ${step}` },
              })
            }
          }
          return text(`${steps} steps`)
        }
        case 'weather-ok':
          return { ...text('22 and sunny'), structuredContent: { temperature: 22, conditions: 'sunny' } }
        case 'weather-bad':
          return { ...text('hot'), structuredContent: { temperature: 'hot' } }
        case 'weather-many': {
          const readings = Array.from({ length: 30_000 }, (_, i) => ({
            temperature: i === 9000 ? 'hot' : 20 + (i % 10),
            conditions: `sunny with a few clouds over the hills ${i}`,
          }))
          return { ...text('many readings'), structuredContent: { readings } }
        }
        case 'fails':
          return { ...text('It went wrong on purpose.'), isError: true }
        case 'ask': {
          const answer = await server.elicitInput({
            mode: 'form',
            message: 'Pick a color',
            requestedSchema: {
              type: 'object',
              properties: { color: { type: 'string', enum: ['red', 'green'] } },
              required: ['color'],
            },
          })
          return { ...text(JSON.stringify(answer)), structuredContent: answer as unknown as Record<string, unknown> }
        }
        case 'sample': {
          const answer = await server.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
            maxTokens: 20,
          })
          return text(JSON.stringify(answer))
        }
        case 'roots':
          return text(JSON.stringify(await server.listRoots()))
        case 'touch':
          readme = `Touched at ${Date.now()}`
          if (subscribed.has('lab://readme')) await server.sendResourceUpdated({ uri: 'lab://readme' })
          return text('touched')
        case 'grow': {
          const name = `grown-${tools.length}`
          tools.push({ name, description: 'Added at run time.', inputSchema: { type: 'object', properties: {} } })
          await server.sendToolListChanged()
          return text(name)
        }
        case 'ask-then-withdraw': {
          const answer = await server
            .elicitInput(
              { mode: 'form', message: 'Never mind', requestedSchema: { type: 'object', properties: {} } },
              { signal: AbortSignal.timeout(200) },
            )
            .then(
              () => 'answered',
              () => 'withdrawn',
            )
          return text(answer)
        }
        case 'ping-client':
          await server.ping()
          return text('pong')
        case 'needs-consent': {
          if (consent === 'given') return text('consented')
          const elicitationId = randomUUID()
          if (consent === 'none') {
            consent = 'asked'
            const notify = server.createElicitationCompletionNotifier(elicitationId)
            setTimeout(() => {
              consent = 'given'
              void notify().catch(() => undefined)
            }, 300)
          }
          throw new UrlElicitationRequiredError(
            [{ mode: 'url', url: 'https://consent.example/lab', message: 'Agree to the lab terms.', elicitationId }],
            'Consent needed.',
          )
        }
        case 'nested':
          return { ...text(JSON.stringify(args)), structuredContent: args }
        case 'contents':
          return {
            content: [
              { type: 'text', text: 'plain' },
              { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
              { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
              { type: 'resource_link', uri: 'lab://readme', name: 'readme', mimeType: 'text/plain' },
              { type: 'resource', resource: { uri: 'lab://inline', mimeType: 'text/plain', text: 'embedded' } },
            ],
          }
        default:
          if (/^(tool|grown)-/.test(request.params.name)) return text(`${request.params.name}: ${JSON.stringify(args)}`)
          return { ...text(`Unknown tool ${request.params.name}`), isError: true }
      }
    })
    server.setRequestHandler(ListResourcesRequestSchema, () => ({
      resources: [
        { uri: 'lab://readme', name: 'readme', mimeType: 'text/plain', description: 'A text resource.' },
        { uri: 'lab://blob', name: 'blob', mimeType: 'application/octet-stream' },
      ],
    }))
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: [{ uriTemplate: 'lab://items/{id}{?view}', name: 'item', mimeType: 'application/json' }],
    }))
    server.setRequestHandler(ReadResourceRequestSchema, (request) => {
      const { uri } = request.params
      if (uri === 'lab://readme') return { contents: [{ uri, mimeType: 'text/plain', text: readme }] }
      if (uri === 'lab://blob') return { contents: [{ uri, mimeType: 'application/octet-stream', blob: 'AAECAw==' }] }
      const item = /^lab:\/\/items\/([^?]+)(?:\?view=(.*))?$/.exec(uri)
      if (item) {
        const body = JSON.stringify({ id: decodeURIComponent(item[1] ?? ''), view: item[2] ?? null })
        return { contents: [{ uri, mimeType: 'application/json', text: body }] }
      }
      throw Object.assign(new Error(`Resource ${uri} not found`), { code: -32002 })
    })
    server.setRequestHandler(SubscribeRequestSchema, (request) => {
      subscribed.add(request.params.uri)
      return {}
    })
    server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
      subscribed.delete(request.params.uri)
      return {}
    })
    server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      await server.sendLoggingMessage({ level: 'info', logger: 'lab', data: `level set to ${request.params.level}` })
      return {}
    })
    server.setRequestHandler(ListPromptsRequestSchema, () => ({
      prompts: [{ name: 'greet', description: 'Greets someone.', arguments: [{ name: 'name', required: true }] }],
    }))
    server.setRequestHandler(GetPromptRequestSchema, (request) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Say hello to ${request.params.arguments?.['name'] ?? '?'}` } },
      ],
    }))
    server.setRequestHandler(CompleteRequestSchema, (request) => {
      const names = ['Ada', 'Alan', 'Grace', 'Linus']
      const prefix = request.params.argument.value.toLowerCase()
      const values = names.filter((n) => n.toLowerCase().startsWith(prefix))
      return { completion: { values, total: values.length, hasMore: false } }
    })
    return server
  }

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
    cancelled: () => [...cancelled],
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
