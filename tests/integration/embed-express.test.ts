/**
 * Embedded mode in Express 4 and 5 hosts: discovery of the host's origin lists the router stack (nested routers,
 * mount paths, `app.route()` chains, parameters) compared with the route table the host was built from; an
 * in-process swagger-jsdoc document is merged in; calls reach the handlers over loopback HTTP to the host's listener.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import express4 from 'express4'
import expressWs from 'express-ws'
import { createSchema, createYoga } from 'graphql-yoga'
import { expressWorkbench } from '@wirebench/embed'
import type { ExpressWorkbench } from '@wirebench/embed'
import swaggerJsdoc from 'swagger-jsdoc'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LIVE_PROTOCOL } from '@wirebench/core'
import { expressRoutes, startExpressHost } from '../servers/embed/express-host.js'
import { connectLive, isOp, liveUrl, refusedStatus } from '../servers/live/live-client.js'
import type { ExpressApp, ExpressHost, ExpressModule, ExpressRouter } from '../servers/embed/express-host.js'

const token = 'embedded-express-token-0123456789abcdef0123456789abcdef'
let configDir: string

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-embed-express-'))
})
afterAll(async () => {
  await rm(configDir, { recursive: true, force: true })
})

/** A request as a TLS-terminating proxy in front of the host forwards it (node:http: fetch will not set Host). */
function proxiedDiscover(host: ExpressHost): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(host.origin)
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: '/workbench/api/discover',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-workbench-token': token,
          host: 'app.example.test',
          origin: 'https://app.example.test',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.9',
        },
      },
      (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
    request.end('{"urls":[]}')
  })
}

async function api<T>(host: ExpressHost, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${host.origin}/workbench${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': token },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

/** This test's own reading of the route table: SPEC.md's embedded column for routes with no declared metadata. */
function expected(): string[] {
  return expressRoutes
    .map(([verb, mount, path]) => {
      const full = `${mount}${path}`.replace(/:(\w+)/g, '{$1}')
      const name = `${verb}_${full}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
      const params = [...full.matchAll(/\{(\w+)\}/g)].map((m) => `${m[1]}:path:required`)
      return `${mount.slice(1) || 'Default'} ${name} ${verb.toUpperCase()} ${full} [${params.join(',')}]`
    })
    .sort()
}

function listed(answer: DiscoverResponse): string[] {
  return answer.services
    .flatMap((s) =>
      s.methods.map((m) => {
        const fields = m.inputType.fields.map((f) => `${f.name}:${f.source}${f.required ? ':required' : ''}`)
        return `${s.name} ${m.name} ${m.httpMethod} ${m.httpPath} [${fields.join(',')}]`
      }),
    )
    .sort()
}

type Verb = (path: string, handler: unknown) => void
const verb = (router: ExpressRouter, name: string): Verb => (router[name] as Verb).bind(router)
const allVerbs = (path: string): string[] =>
  ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'].map((v) => `Default ${v.toLowerCase()}_anything ${v} ${path} []`)

/** Routes in each version's own syntax: constraints, optional parameters, wildcards, a mount path with a parameter. */
const extensions = {
  'Express 4': (app: ExpressApp, express: ExpressModule, echo: unknown) => {
    const x = express.Router()
    verb(x, 'get')('/items/:id(\\d+)', echo)
    verb(x, 'get')('/opt/:maybe?', echo)
    const admin = express.Router({ mergeParams: true })
    verb(admin, 'get')('/audit/:year', echo)
    x.use('/tenants/:tenant/admin', admin)
    app.use('/x', x)
    verb(app, 'all')('/anything', echo)
  },
  'Express 5': (app: ExpressApp, express: ExpressModule, echo: unknown) => {
    const x = express.Router()
    verb(x, 'get')('/opt{/:maybe}', echo)
    verb(x, 'get')('/files/*rest', echo)
    const admin = express.Router({ mergeParams: true })
    verb(admin, 'get')('/audit/:year', echo)
    x.use('/tenants/:tenant/admin', admin)
    app.use('/x', x)
    verb(app, 'all')('/anything', echo)
  },
}
const tenantAudit =
  'x/tenants/{tenant}/admin get_x_tenants_tenant_admin_audit_year GET /x/tenants/{tenant}/admin/audit/{year} [tenant:path:required,year:path:required]'
const extensionLines = {
  'Express 4': [
    'x get_x_items_id GET /x/items/{id} [id:path:required]',
    'x get_x_opt_maybe GET /x/opt/{maybe} [maybe:path:required]',
    tenantAudit,
    ...allVerbs('/anything'),
  ],
  'Express 5': [
    'x get_x_opt_maybe GET /x/opt/{maybe} [maybe:path:required]',
    'x get_x_files_rest GET /x/files/{rest} [rest:path:required]',
    tenantAudit,
    ...allVerbs('/anything'),
  ],
}

describe.each([
  ['Express 4' as const, express4],
  ['Express 5' as const, express5],
])('%s host', (label, express) => {
  let host: ExpressHost
  beforeAll(async () => {
    host = await startExpressHost(express as never, {
      configDir,
      token,
      extend: extensions[label],
      allowedHosts: ['app.example.test'],
    })
  })
  afterAll(() => host.close())

  it('ignores forwarded headers when the host does not trust its proxy', async () => {
    const response = await proxiedDiscover(host)
    expect([response.status, response.body]).toEqual([403, expect.stringContaining('Cross-origin')])
  })

  it('lists the router stack: nested routers under their mount paths, route chains, parameters', async () => {
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [host.origin] })
    expect(listed(answer)).toEqual([...expected(), ...extensionLines[label]].sort())
    expect(answer.services.every((s) => s.source === 'embedded')).toBe(true)
    expect(host.hits).toEqual([])
  })

  it('calls a host route over loopback with its path, query and headers', async () => {
    await api(host, '/api/discover', { urls: [host.origin] })
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'api/admin',
      method: 'get_api_admin_audit_year_month',
      messages: [{ year: '2026', month: '11' }],
      metadata: { 'x-trace': 't-1' },
    })
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({
      method: 'GET',
      url: '/api/admin/audit/2026/11',
      params: { year: '2026', month: '11' },
      headers: { 'x-trace': 't-1' },
    })
  })

  it("opens the live WebSocket under the prefix through the host's own server, behind the same gates", async () => {
    // The page load is what lets the workbench learn the host's server.
    await api(host, '/api/discover', { urls: [host.origin] })
    const url = liveUrl(host.origin, '/workbench')
    const client = await connectLive(url, { token })
    expect(client.socket.protocol).toBe(LIVE_PROTOCOL)
    await client.close()
    expect(await refusedStatus(url, { token: 'wrong-token-0123456789abcdef0123456789abcdef' })).toBe(401)
    // Upgrades outside the prefix stay the host's: with no handler of its own they are answered, not left hanging.
    expect(await refusedStatus(liveUrl(host.origin, '/elsewhere'), { token })).toBe(404)
  })
})

describe("the host's own origin by every name that reaches it", () => {
  let host: ExpressHost
  let spy: Server
  const spyHits: string[] = []
  beforeAll(async () => {
    // Both stacks: `localhost`, 127.0.0.1 and [::1] all reach the host.
    host = await startExpressHost(express5 as never, {
      configDir,
      token,
      listenOn: '::',
      allowedHosts: ['app.example.test'],
      extend: (app) => void (app['set'] as (name: string, value: unknown) => void).call(app, 'trust proxy', true),
    })
    spy = createServer((request, response) => {
      spyHits.push(request.url ?? '')
      response.end('{}')
    })
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await host.close()
    await new Promise((resolve) => spy.close(resolve))
  })
  const port = (): string => new URL(host.origin).port

  it.each(['localhost', '127.0.0.1', '[::1]'])('calls a host route on the origin named %s', async (name) => {
    const origin = `http://${name}:${port()}`
    const at = { ...host, origin }
    const found = await api<DiscoverResponse>(at, '/api/discover', { urls: [origin] })
    expect(found.services.map((s) => s.source)).toContain('embedded')
    const result = await api<InvokeResult>(at, '/api/invoke', {
      protocol: 'rest',
      url: origin,
      service: 'Default',
      method: 'get_health',
      messages: [{}],
    })
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({ method: 'GET', url: '/health' })
  })

  it("reads the host's own 'trust proxy' setting: a request through the trusted proxy passes", async () => {
    const response = await proxiedDiscover(host)
    // Past the gates: the route's own validation answers (an empty list), where an untrusting host answers 403.
    expect([response.status, response.body]).toEqual([400, expect.stringContaining('body/urls')])
  })

  it.each(['localhost', '127.0.0.1'])('still refuses another loopback server named %s', async (name) => {
    const origin = `http://localhost:${port()}`
    await api(host, '/api/discover', { urls: [origin] })
    const response = await fetch(`${origin}/workbench/api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': token },
      body: JSON.stringify({
        protocol: 'rest',
        url: origin,
        service: 'Default',
        method: 'get_health',
        messages: [{}],
        serverUrl: `http://${name}:${(spy.address() as AddressInfo).port}`,
      }),
    })
    expect(await response.text()).toContain('blocked_target')
    expect(spyHits).toEqual([])
  })
})

describe('an Express host with a body parser mounted before the workbench', () => {
  let host: ExpressHost
  beforeAll(async () => {
    host = await startExpressHost(express5 as never, { configDir, token, bodyParserFirst: true })
  })
  afterAll(() => host.close())

  it('answers a problem naming the fix instead of hanging, and says it once on the terminal', async () => {
    const written: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    try {
      for (let n = 0; n < 2; n++) {
        const response = await fetch(`${host.origin}/workbench/api/discover`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-workbench-token': token },
          body: JSON.stringify({ urls: [host.origin] }),
          signal: AbortSignal.timeout(5_000),
        })
        expect(response.status).toBe(500)
        const problem = (await response.json()) as { detail: string; hint: string }
        expect(problem.detail).toContain('body parser')
        expect(problem.hint).toContain('Mount the workbench before your body parsers')
      }
    } finally {
      spy.mockRestore()
    }
    expect(written.filter((line) => line.includes('Mount the workbench before'))).toHaveLength(1)
  })
})

/**
 * @openapi
 * /books:
 *   post:
 *     tags: [library]
 *     operationId: addBook
 *     summary: Add a book
 *     deprecated: true
 *     requestBody:
 *       required: true
 *       content:
 *         application/json:
 *           schema:
 *             $ref: '#/components/schemas/Book'
 * /api/users/{userId}:
 *   get:
 *     tags: [people]
 *     operationId: getUser
 *     parameters:
 *       - { in: path, name: userId, required: true, schema: { type: string } }
 * components:
 *   schemas:
 *     Book:
 *       type: object
 *       required: [title]
 *       properties:
 *         title: { type: string }
 *         author:
 *           type: object
 *           properties:
 *             name: { type: string }
 */
describe('an Express host with a swagger-jsdoc document', () => {
  let host: ExpressHost
  beforeAll(async () => {
    const openapi = swaggerJsdoc({
      definition: { openapi: '3.0.0', info: { title: 'library', version: '1.0.0' } },
      apis: [fileURLToPath(import.meta.url)],
    }) as Record<string, unknown>
    host = await startExpressHost(express5 as never, { configDir, token, openapi })
  })
  afterAll(() => host.close())

  it("merges the document's operation into the route it describes, and sends its body", async () => {
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [host.origin] })
    const library = answer.services.find((s) => s.name === 'library')
    expect(library?.methods.map((m) => [m.name, m.httpMethod, m.httpPath, m.summary, m.deprecated])).toEqual([
      ['addBook', 'POST', '/books', 'Add a book', true],
    ])
    const fields = library?.methods[0]?.inputType.fields
    expect(fields?.map((f) => [f.name, f.required, f.messageType?.fields.map((n) => n.name)])).toEqual([
      ['title', true, undefined],
      ['author', false, ['name']],
    ])
    // The routes the document does not describe are still listed from the stack.
    const undocumented = listed(answer).filter((line) => !line.startsWith('library ') && !line.startsWith('people '))
    expect(undocumented).toHaveLength(expressRoutes.length - 2)
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'library',
      method: 'addBook',
      messages: [{ title: 'Dune', author: { name: 'Herbert' } }],
    })
    expect(result.response).toMatchObject({
      method: 'POST',
      url: '/books',
      body: { title: 'Dune', author: { name: 'Herbert' } },
    })
  })

  it("uses the document's path parameter names where they differ from the route's (/users/:id, {userId})", async () => {
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [host.origin] })
    const getUser = answer.services.find((s) => s.name === 'people')?.methods[0]
    expect([getUser?.name, getUser?.httpPath, getUser?.inputType.fields.map((f) => f.name)]).toEqual([
      'getUser',
      '/api/users/{userId}',
      ['userId'],
    ])
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'people',
      method: 'getUser',
      messages: [{ userId: 'u7' }],
    })
    expect(result.response).toMatchObject({ method: 'GET', url: '/api/users/u7', params: { id: 'u7' } })
  })
})

describe('an Express host with express-ws routes and graphql-yoga', () => {
  let server: Server
  let origin: string
  let workbench: ExpressWorkbench

  beforeAll(async () => {
    const app = express5()
    const schema = createSchema({
      typeDefs: 'type Query { greeting(name: String!): String! }',
      resolvers: { Query: { greeting: (_: unknown, args: { name: string }) => `Hello, ${args.name}` } },
    })
    const adminSchema = createSchema({
      typeDefs: 'type Query { users: [String!]! }',
      resolvers: { Query: { users: () => ['ada', 'grace'] } },
    })
    workbench = await expressWorkbench(app, {
      prefix: '/workbench',
      configDir,
      token,
      uiDir: null,
      announce: false,
      // Mounted with app.use, yoga is middleware like any other: the host names it and hands over its schema.
      graphql: [
        { path: '/graphql', schema },
        { path: '/admin/graphql', schema: adminSchema },
      ],
    })
    app.use('/workbench', workbench)
    app.use('/graphql', createYoga({ schema, graphqlEndpoint: '/graphql', logging: false, graphiql: false }))
    const admin = express5.Router()
    admin.use('/graphql', createYoga({ schema: adminSchema, graphqlEndpoint: '/admin/graphql', logging: false }))
    app.use('/admin', admin)
    server = createServer(app)
    // express-ws registers each `app.ws(path)` as `GET <path>/.websocket`: that is how it is told from a REST route.
    expressWs(app, server)
    ;(app as unknown as { ws: expressWs.WebsocketMethod<unknown> }).ws('/feed', (socket) => {
      socket.on('message', (data: Buffer) => socket.send(`echo: ${data.toString()}`))
    })
    app.get('/health', (_req, res) => {
      res.json({ ok: true })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await workbench.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('lists an express-ws route as a WebSocket endpoint, not as a REST GET, and calls it', async () => {
    const host = { origin } as ExpressHost
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [origin] })
    const rest = answer.services.filter((s) => s.protocol === 'rest')
    expect(rest.flatMap((s) => s.methods.map((m) => `${m.httpMethod} ${m.httpPath}`))).toEqual(['GET /health'])
    const sockets = answer.services.filter((s) => s.protocol === 'websocket')
    const address = `${origin.replace('http:', 'ws:')}/feed`
    expect(sockets.map((s) => [s.originUrl, s.name, s.source])).toEqual([[address, 'feed', 'embedded']])
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'websocket',
      url: address,
      service: 'feed',
      method: 'connect',
      messages: [{ text: 'hi' }],
    })
    expect(JSON.stringify(result.response)).toContain('echo: hi')
  })

  it('lists the GraphQL server the host names from its schema object and calls it over loopback', async () => {
    const host = { origin } as ExpressHost
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [origin] })
    const graphql = answer.services.filter((s) => s.protocol === 'graphql')
    expect(graphql.map((s) => [s.originUrl, s.name, s.methods.map((m) => m.name)])).toEqual([
      [`${origin}/graphql`, 'Query', ['greeting']],
      [`${origin}/admin/graphql`, 'Query', ['users']],
    ])
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'graphql',
      url: `${origin}/graphql`,
      service: 'Query',
      method: 'greeting',
      messages: [{ variables: { name: 'Ada' } }],
    })
    expect(result.response).toMatchObject({ data: { greeting: 'Hello, Ada' } })
    const users = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'graphql',
      url: `${origin}/admin/graphql`,
      service: 'Query',
      method: 'users',
      messages: [{}],
    })
    expect(users.response).toMatchObject({ data: { users: ['ada', 'grace'] } })
  })

  it('runs live calls through the workbench socket although express-ws takes every upgrade', async () => {
    const host = { origin } as ExpressHost
    await api<DiscoverResponse>(host, '/api/discover', { urls: [origin] })
    await expectLiveEcho(origin, `${origin.replace('http:', 'ws:')}/feed`)
  })
})

/** A channel to the express-ws route `/feed` through the workbench's live socket: one message out, its echo back. */
async function expectLiveEcho(origin: string, address: string): Promise<void> {
  const live = await connectLive(liveUrl(origin, '/workbench'), { token })
  try {
    live.send({
      op: 'channel.open',
      id: 'feed',
      protocol: 'websocket',
      url: address,
      service: 'feed',
      method: 'connect',
    })
    await live.waitFor(isOp('opened', 'feed'))
    live.send({ op: 'channel.send', id: 'feed', ref: 1, message: { text: 'hi' } })
    const frames = await live.waitForFrames('feed', 2)
    expect(frames.map((f) => f.frame)).toContainEqual(expect.objectContaining({ type: 'message', data: 'echo: hi' }))
    live.send({ op: 'channel.closeSend', id: 'feed' })
    expect((await live.waitFor(isOp('closed', 'feed'))).problem).toBeUndefined()
  } finally {
    await live.close()
  }
}

describe('an Express host that hands its server to the workbench before express-ws attaches to it', () => {
  let server: Server
  let origin: string
  let workbench: ExpressWorkbench

  beforeAll(async () => {
    const app = express5()
    server = createServer(app)
    workbench = await expressWorkbench(app, {
      prefix: '/workbench',
      configDir,
      token,
      uiDir: null,
      announce: false,
      server,
    })
    app.use('/workbench', workbench)
    // express-ws's WebSocket server is attached after the workbench's upgrade routing: it must still not take ours.
    expressWs(app, server)
    ;(app as unknown as { ws: expressWs.WebsocketMethod<unknown> }).ws('/feed', (socket) => {
      socket.on('message', (data: Buffer) => socket.send(`echo: ${data.toString()}`))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await workbench.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('runs live calls through the workbench socket, and express-ws still serves its own routes', async () => {
    const host = { origin } as ExpressHost
    const address = `${origin.replace('http:', 'ws:')}/feed`
    const found = await api<DiscoverResponse>(host, '/api/discover', { urls: [origin] })
    expect(found.services.filter((s) => s.protocol === 'websocket').map((s) => s.originUrl)).toEqual([address])
    await expectLiveEcho(origin, address)
  })
})
