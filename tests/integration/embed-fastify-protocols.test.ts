/**
 * Embedded mode in a Fastify host that serves more than REST: mercurius at `/graphql`, a graphql-yoga server mounted
 * on the route `/yoga` (its schema object handed over as `graphql`), and a `@fastify/websocket` route `/chat`. The
 * host's origin lists them as a GraphQL and a WebSocket service, not as REST operations: GraphQL operations come from
 * the host's schema objects in process (no introspection request reaches the host), and calls reach the handlers.
 */
import type { AddressInfo } from 'node:net'
import '../support/ws-in-vitest.js'
import websocket from '@fastify/websocket'
import type { DiscoverResponse, InvokeResult, ServiceInfo } from '@wirebench/core'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { buildSchema } from 'graphql'
import type { GraphQLSchema } from 'graphql'
import { createSchema, createYoga } from 'graphql-yoga'
import mercurius from 'mercurius'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useConfigDir, workbenchPost } from './support/embed-host.js'
import { createLibrary, librarySdl } from '../servers/graphql/library-schema.js'

const token = 'embedded-protocols-token-0123456789abcdef0123456789abcd'
const configDir = useConfigDir('protocols')
const yogaSdl = /* GraphQL */ `
  type Query {
    greeting(name: String!): String!
  }
`

describe('a Fastify host with mercurius, graphql-yoga on a route and @fastify/websocket', () => {
  let app: FastifyInstance
  let origin: string
  /** Requests the host received outside the workbench, as `METHOD /path`. */
  const hostRequests: string[] = []

  beforeAll(async () => {
    app = Fastify()
    const yogaSchema = createSchema({
      typeDefs: yogaSdl,
      resolvers: { Query: { greeting: (_: unknown, args: { name: string }) => `Hello, ${args.name}` } },
    })
    await app.register(wirebench, {
      prefix: '/workbench',
      configDir: configDir(),
      token,
      uiDir: null,
      announce: false,
      graphql: [{ path: '/yoga', schema: yogaSchema }],
    })
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.url.startsWith('/workbench/')) hostRequests.push(`${request.method} ${request.url.split('?')[0]}`)
      done()
    })
    await app.register(websocket)
    const library = createLibrary()
    await app.register(mercurius, {
      schema: librarySdl,
      resolvers: {
        Query: {
          book: (_: unknown, args: { bookId: string }) => library.books.find((b) => b.id === args.bookId) ?? null,
          books: () => library.books,
          oldBooks: () => library.books,
        },
        Mutation: {
          addBook: (_: unknown, args: { title: string }) => ({ id: 'b9', title: args.title, genre: 'FICTION' }),
        },
      },
    })
    const yoga = createYoga({ schema: yogaSchema, graphqlEndpoint: '/yoga', logging: false, graphiql: false })
    app.route({
      url: '/yoga',
      method: ['GET', 'POST', 'OPTIONS'],
      handler: async (request, reply) => {
        const response = await yoga.handleNodeRequestAndResponse(request, reply, {})
        for (const [name, value] of response.headers) void reply.header(name, value)
        void reply.status(response.status)
        return reply.send(Buffer.from(await response.arrayBuffer()))
      },
    })
    void app.register((scope, _options, done) => {
      scope.get('/chat', { websocket: true }, (socket) => {
        socket.on('message', (data: Buffer) => socket.send(`echo: ${data.toString()}`))
      })
      done()
    })
    app.get('/health', { schema: { operationId: 'health' } }, () => ({ ok: true }))
    await app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await app?.close()
  })

  function api<T>(path: string, body: unknown): Promise<T> {
    return workbenchPost<T>(origin, path, body, { token })
  }

  /** This test's own reading of a schema: root type → field names. */
  function rootFields(schema: GraphQLSchema): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
      if (root) out[root.name] = Object.keys(root.getFields()).sort()
    }
    return out
  }

  function byOrigin(services: ServiceInfo[], url: string): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const s of services.filter((s) => s.originUrl === url)) out[s.name] = s.methods.map((m) => m.name).sort()
    return out
  }

  it('lists the GraphQL endpoints and the WebSocket route under their protocols, not as REST', async () => {
    const answer = await api<DiscoverResponse>('/api/discover', { urls: [origin] })
    const rest = answer.services.filter((s) => s.protocol === 'rest')
    expect(rest.flatMap((s) => s.methods.map((m) => `${m.httpMethod} ${m.httpPath}`))).toEqual(['GET /health'])
    const graphql = answer.services.filter((s) => s.protocol === 'graphql')
    expect(byOrigin(graphql, `${origin}/graphql`)).toEqual(rootFields(buildSchema(librarySdl)))
    expect(byOrigin(graphql, `${origin}/yoga`)).toEqual(rootFields(buildSchema(yogaSdl)))
    expect(graphql.every((s) => s.source === 'embedded')).toBe(true)
    const sockets = answer.services.filter((s) => s.protocol === 'websocket')
    expect(sockets.map((s) => [s.originUrl, s.name, s.methods.map((m) => m.name)])).toEqual([
      [`${origin.replace('http:', 'ws:')}/chat`, 'chat', ['connect']],
    ])
    expect(answer.attempts.every((a) => a.url === origin && a.outcome === 'ok')).toBe(true)
    // Read in process: neither an introspection request nor a probe handshake reached the host.
    expect(hostRequests).toEqual([])
  })

  it('calls the host’s GraphQL endpoints and its WebSocket route', async () => {
    await api('/api/discover', { urls: [origin] })
    const book = await api<InvokeResult>('/api/invoke', {
      protocol: 'graphql',
      url: `${origin}/graphql`,
      service: 'Query',
      method: 'book',
      messages: [{ variables: { bookId: 'b2' } }],
    })
    expect(book.response).toMatchObject({ data: { book: { title: 'SPQR' } } })
    const greeting = await api<InvokeResult>('/api/invoke', {
      protocol: 'graphql',
      url: `${origin}/yoga`,
      service: 'Query',
      method: 'greeting',
      messages: [{ variables: { name: 'Ada' } }],
    })
    expect(greeting.response).toMatchObject({ data: { greeting: 'Hello, Ada' } })
    const chat = await api<InvokeResult>('/api/invoke', {
      protocol: 'websocket',
      url: `${origin.replace('http:', 'ws:')}/chat`,
      service: 'chat',
      method: 'connect',
      messages: [{ text: 'hi' }],
    })
    expect(JSON.stringify(chat.response)).toContain('echo: hi')
  })

  it('calls them at localhost too, the name the OAuth redirect URI makes the page use', async () => {
    const local = origin.replace('127.0.0.1', 'localhost')
    await api('/api/discover', { urls: [local] })
    const book = await api<InvokeResult>('/api/invoke', {
      protocol: 'graphql',
      url: `${local}/graphql`,
      service: 'Query',
      method: 'book',
      messages: [{ variables: { bookId: 'b1' } }],
    })
    expect(book.response).toMatchObject({ data: { book: { title: 'Dune' } } })
    const chat = await api<InvokeResult>('/api/invoke', {
      protocol: 'websocket',
      url: `${local.replace('http:', 'ws:')}/chat`,
      service: 'chat',
      method: 'connect',
      messages: [{ text: 'hi' }],
    })
    expect(JSON.stringify(chat.response)).toContain('echo: hi')
  })
})
