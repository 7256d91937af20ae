/**
 * Embedded mode in Express 4 and 5 hosts: discovery of the host's origin lists the router stack (nested routers,
 * mount paths, `app.route()` chains, parameters) compared with the route table the host was built from; an
 * in-process swagger-jsdoc document is merged in; calls reach the handlers over loopback HTTP to the host's listener.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_PROTOCOL } from '@wirebench/core'
import { expressRoutes, startExpressHost } from '../servers/embed/express-host.js'
import { connectLive, liveUrl, refusedStatus } from '../servers/live/live-client.js'
import type { ExpressHost } from '../servers/embed/express-host.js'

const token = 'embedded-express-token-0123456789abcdef0123456789abcdef'
let configDir: string

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-embed-express-'))
})
afterAll(async () => {
  await rm(configDir, { recursive: true, force: true })
})

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

describe.each([
  ['Express 4', express4],
  ['Express 5', express5],
])('%s host', (_label, express) => {
  let host: ExpressHost
  beforeAll(async () => {
    host = await startExpressHost(express as never, { configDir, token })
  })
  afterAll(() => host.close())

  it('lists the router stack: nested routers under their mount paths, route chains, parameters', async () => {
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [host.origin] })
    expect(listed(answer)).toEqual(expected())
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
    expect(listed(answer).filter((line) => !line.startsWith('library ')).length).toBe(expressRoutes.length - 1)
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
    workbench = await expressWorkbench(app, {
      prefix: '/workbench',
      configDir,
      token,
      uiDir: null,
      announce: false,
      // Mounted with app.use, yoga is middleware like any other: the host names it and hands over its schema.
      graphql: [{ path: '/graphql', schema }],
    })
    app.use('/workbench', workbench)
    app.use('/graphql', createYoga({ schema, graphqlEndpoint: '/graphql', logging: false, graphiql: false }))
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
    ])
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'graphql',
      url: `${origin}/graphql`,
      service: 'Query',
      method: 'greeting',
      messages: [{ variables: { name: 'Ada' } }],
    })
    expect(result.response).toMatchObject({ data: { greeting: 'Hello, Ada' } })
  })
})
