/**
 * The other protocols an Express host serves, listed beside its routes: express-ws routes as WebSocket endpoints,
 * graphql-yoga servers the host names with their schema objects; live calls run through the workbench's own socket
 * although express-ws takes every upgrade of the server, whether it attached before or after the workbench.
 */
import { createServer } from 'node:http'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import expressWs from 'express-ws'
import { createSchema, createYoga } from 'graphql-yoga'
import { expressWorkbench } from '@wirebench/embed'
import type { ExpressWorkbench } from '@wirebench/embed'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'
import type { ExpressHost } from '../servers/embed/express-host.js'
import { listenHost, useConfigDir, workbenchPost } from './support/embed-host.js'
import type { ListeningServer } from './support/embed-host.js'

const token = 'embedded-express-token-0123456789abcdef0123456789abcdef'
const configDir = useConfigDir('express-protocols')

/** The mounted workbench's API as the page calls it. */
function api<T>(host: { origin: string }, path: string, body: unknown): Promise<T> {
  return workbenchPost<T>(host.origin, path, body, { token })
}

describe('an Express host with express-ws routes and graphql-yoga', () => {
  let listening: ListeningServer
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
      configDir: configDir(),
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
    const server = createServer(app)
    // express-ws registers each `app.ws(path)` as `GET <path>/.websocket`: that is how it is told from a REST route.
    expressWs(app, server)
    ;(app as unknown as { ws: expressWs.WebsocketMethod<unknown> }).ws('/feed', (socket) => {
      socket.on('message', (data: Buffer) => socket.send(`echo: ${data.toString()}`))
    })
    app.get('/health', (_req, res) => {
      res.json({ ok: true })
    })
    listening = await listenHost(undefined, { server })
    origin = listening.origin
  })
  afterAll(async () => {
    await workbench.close()
    await listening.close()
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
  let listening: ListeningServer
  let origin: string
  let workbench: ExpressWorkbench

  beforeAll(async () => {
    const app = express5()
    const server = createServer(app)
    workbench = await expressWorkbench(app, {
      prefix: '/workbench',
      configDir: configDir(),
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
    listening = await listenHost(undefined, { server })
    origin = listening.origin
  })
  afterAll(async () => {
    await workbench.close()
    await listening.close()
  })

  it('runs live calls through the workbench socket, and express-ws still serves its own routes', async () => {
    const host = { origin } as ExpressHost
    const address = `${origin.replace('http:', 'ws:')}/feed`
    const found = await api<DiscoverResponse>(host, '/api/discover', { urls: [origin] })
    expect(found.services.filter((s) => s.protocol === 'websocket').map((s) => s.originUrl)).toEqual([address])
    await expectLiveEcho(origin, address)
  })
})
