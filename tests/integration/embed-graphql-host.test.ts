/**
 * Embedded mode with the host's own GraphQL subscriptions and more than one GraphQL endpoint: a Fastify host with
 * mercurius (subscriptions on, graphql-ws on `/graphql`) and graphql-yoga mounted at `/admin/graphql` inside a
 * prefixed plugin (subscriptions over SSE). Subscriptions through the mounted workbench's live socket reach the host
 * (the host itself is always allowed) and receive what the host publishes; another loopback port stays refused, and
 * no connection reaches it.
 */
import { createServer } from 'node:net'
import type { AddressInfo, Server } from 'node:net'
import '../support/ws-in-vitest.js'
import type { DiscoverResponse, InvokeResult, ServiceInfo, StreamFrame } from '@wirebench/core'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { createPubSub, createSchema, createYoga } from 'graphql-yoga'
import mercurius from 'mercurius'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useConfigDir, workbenchPost } from './support/embed-host.js'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'

const token = 'embedded-graphql-host-token-0123456789abcdef0123456789ab'
const configDir = useConfigDir('graphql')

const newsSdl = /* GraphQL */ `
  type Query {
    headline: String!
  }
  type Subscription {
    news: String!
  }
`
const adminSdl = /* GraphQL */ `
  type Query {
    users: [String!]!
  }
  type Subscription {
    audit: String!
  }
`

type MessageFrame = Extract<StreamFrame, { type: 'message' }>

describe('a Fastify host with mercurius subscriptions and graphql-yoga at /admin/graphql', () => {
  let app: FastifyInstance
  let origin: string
  let live: LiveClient
  /** Another loopback service the workbench must not reach, counting the connections it gets. */
  let other: Server
  let otherPort: number
  let otherConnections = 0
  const auditPubSub = createPubSub<{ audit: [string] }>()

  beforeAll(async () => {
    other = createServer((socket) => {
      otherConnections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    otherPort = (other.address() as AddressInfo).port

    app = Fastify()
    const adminSchema = createSchema({
      typeDefs: adminSdl,
      resolvers: {
        Query: { users: () => ['ada', 'grace'] },
        Subscription: {
          audit: {
            subscribe: () => auditPubSub.subscribe('audit'),
            resolve: (payload: string) => payload,
          },
        },
      },
    })
    await app.register(wirebench, {
      prefix: '/workbench',
      configDir: configDir(),
      token,
      uiDir: null,
      announce: false,
      graphql: [{ path: '/admin/graphql', schema: adminSchema }],
    })
    await app.register(mercurius, {
      schema: newsSdl,
      subscription: true,
      resolvers: {
        Query: { headline: () => 'Hello' },
        Subscription: {
          news: {
            subscribe: (_root: unknown, _args: unknown, context: { pubsub: { subscribe(topic: string): unknown } }) =>
              context.pubsub.subscribe('NEWS'),
          },
        },
      },
    })
    const yoga = createYoga({ schema: adminSchema, graphqlEndpoint: '/admin/graphql', logging: false, graphiql: false })
    await app.register(
      (scope, _options, done) => {
        scope.route({
          url: '/graphql',
          method: ['GET', 'POST', 'OPTIONS'],
          handler: async (request, reply) => {
            const response = await yoga.handleNodeRequestAndResponse(request, reply, {})
            for (const [name, value] of response.headers) void reply.header(name, value)
            void reply.status(response.status)
            if (!response.body) return reply.send()
            // Subscriptions over SSE stream their events: hand the body on as it comes.
            return reply.send(response.body)
          },
        })
        done()
      },
      { prefix: '/admin' },
    )
    await app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    live = await connectLive(liveUrl(origin, '/workbench'), { token })
  })

  afterAll(async () => {
    await live?.close()
    await app?.close()
    await new Promise((resolve) => other?.close(resolve))
  })

  function api<T>(path: string, body: unknown): Promise<T> {
    return workbenchPost<T>(origin, path, body, { token })
  }

  function byOrigin(services: ServiceInfo[], url: string): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const s of services.filter((s) => s.originUrl === url)) out[s.name] = s.methods.map((m) => m.name).sort()
    return out
  }

  const messagesOf = (id: string): MessageFrame[] =>
    live
      .frames(id)
      .map((f) => f.frame)
      .filter((f): f is MessageFrame => f.type === 'message')

  it('lists both GraphQL endpoints of the host, each with its own operations', async () => {
    const answer = await api<DiscoverResponse>('/api/discover', { urls: [origin] })
    const graphql = answer.services.filter((s) => s.protocol === 'graphql')
    expect(byOrigin(graphql, `${origin}/graphql`)).toEqual({ Query: ['headline'], Subscription: ['news'] })
    expect(byOrigin(graphql, `${origin}/admin/graphql`)).toEqual({ Query: ['users'], Subscription: ['audit'] })
    const rest = answer.services.filter((s) => s.protocol === 'rest')
    expect(rest.flatMap((s) => s.methods.map((m) => m.httpPath))).not.toContain('/admin/graphql')
  })

  it('calls each GraphQL endpoint of the host', async () => {
    await api('/api/discover', { urls: [origin] })
    const headline = await api<InvokeResult>('/api/invoke', {
      protocol: 'graphql',
      url: `${origin}/graphql`,
      service: 'Query',
      method: 'headline',
      messages: [{}],
    })
    expect(headline.response).toMatchObject({ data: { headline: 'Hello' } })
    const users = await api<InvokeResult>('/api/invoke', {
      protocol: 'graphql',
      url: `${origin}/admin/graphql`,
      service: 'Query',
      method: 'users',
      messages: [{}],
    })
    expect(users.response).toMatchObject({ data: { users: ['ada', 'grace'] } })
  })

  /** Publishes every 30 ms until the call's first event arrived: a subscriber starts listening some time after `opened`. */
  async function publishUntilReceived(id: string, publish: () => Promise<void> | void): Promise<void> {
    const timer = setInterval(() => void publish(), 30)
    try {
      await Promise.race([
        live.waitForFrames(id, 2),
        live.waitFor(isOp('closed', id)).then((closed) => {
          throw new Error(`The subscription closed: ${JSON.stringify(closed)}`)
        }),
      ])
    } finally {
      clearInterval(timer)
    }
    live.send({ op: 'cancel', id })
    await live.waitFor(isOp('closed', id))
  }

  const mercuriusPubSub = (): { publish(event: { topic: string; payload: unknown }): Promise<void> } =>
    (app as unknown as { graphql: { pubsub: { publish(event: { topic: string; payload: unknown }): Promise<void> } } })
      .graphql.pubsub

  for (const name of ['127.0.0.1', 'localhost']) {
    it(`receives what mercurius publishes on a subscription through the workbench (graphql-ws, ${name})`, async () => {
      const host = origin.replace('127.0.0.1', name)
      await api('/api/discover', { urls: [host] })
      const id = `news-${name}`
      live.send({
        op: 'stream.open',
        id,
        protocol: 'graphql',
        url: `${host}/graphql`,
        service: 'Subscription',
        method: 'news',
        messages: [{ subscriptionTransport: 'graphql-ws' }],
      })
      await publishUntilReceived(id, () => mercuriusPubSub().publish({ topic: 'NEWS', payload: { news: 'breaking' } }))
      expect(messagesOf(id)[0]?.data).toEqual({ data: { news: 'breaking' } })
    })

    it(`receives what the yoga endpoint publishes on a subscription over SSE (${name})`, async () => {
      const host = origin.replace('127.0.0.1', name)
      await api('/api/discover', { urls: [host] })
      const id = `audit-${name}`
      live.send({
        op: 'stream.open',
        id,
        protocol: 'graphql',
        url: `${host}/admin/graphql`,
        service: 'Subscription',
        method: 'audit',
        messages: [{ subscriptionTransport: 'graphql-sse' }],
      })
      await publishUntilReceived(id, () => auditPubSub.publish('audit', 'login ada'))
      expect(messagesOf(id)[0]?.data).toEqual({ data: { audit: 'login ada' } })
    })
  }

  it('still refuses a subscription address on another loopback port, and nothing connects to it', async () => {
    await api('/api/discover', { urls: [origin] })
    for (const [id, subscriptionUrl, transport] of [
      ['ws-other', `ws://127.0.0.1:${otherPort}/graphql`, 'graphql-ws'],
      ['sse-other', `http://127.0.0.1:${otherPort}/graphql`, 'graphql-sse'],
      ['ws-other-name', `ws://localhost:${otherPort}/graphql`, 'graphql-ws'],
      ['sse-other-name', `http://localhost:${otherPort}/graphql`, 'graphql-sse'],
    ] as const) {
      live.send({
        op: 'stream.open',
        id,
        protocol: 'graphql',
        url: `${origin}/graphql`,
        service: 'Subscription',
        method: 'news',
        messages: [{ subscriptionTransport: transport, subscriptionUrl }],
      })
      const closed = await live.waitFor(isOp('closed', id))
      expect(closed.problem?.code).toBe('blocked_target')
    }
    live.send({
      op: 'stream.open',
      id: 'server-other',
      protocol: 'graphql',
      url: `${origin}/graphql`,
      serverUrl: `http://127.0.0.1:${otherPort}/graphql`,
      service: 'Subscription',
      method: 'news',
      messages: [{}],
    })
    expect((await live.waitFor(isOp('closed', 'server-other'))).problem?.code).toBe('blocked_target')
    expect(otherConnections).toBe(0)
  })
})
