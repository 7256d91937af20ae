/**
 * A Fastify host behind its TLS-terminating proxy: REST calls to the page's public origin go through `inject()`, and
 * the calls that need a socket (mercurius over HTTP, a `@fastify/websocket` route, an SSE route read by the SSE
 * plugin) reach the host's own listener with the public Host header, although the name resolves nowhere here.
 */
import '../support/ws-in-vitest.js'
import websocket from '@fastify/websocket'
import type { InvokeResult } from '@wirebench/core'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance, FastifyReply } from 'fastify'
import mercurius from 'mercurius'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proxiedPost, useConfigDir } from './support/embed-host.js'

const token = 'embedded-fastify-listener-token-0123456789abcdef012345678'
const publicName = 'app.example.test'
const configDir = useConfigDir('fastify-listener')

async function invokeThroughProxy(origin: string, body: unknown): Promise<InvokeResult> {
  const answer = await proxiedPost(origin, '/api/invoke', JSON.stringify(body), { token })
  expect(answer.status, answer.body).toBe(200)
  return JSON.parse(answer.body) as InvokeResult
}

describe('a Fastify host behind its proxy, serving GraphQL, WebSocket and SSE', () => {
  let app: FastifyInstance
  let origin: string

  beforeAll(async () => {
    app = Fastify({ trustProxy: true })
    await app.register(wirebench, {
      prefix: '/workbench',
      configDir: configDir(),
      token,
      uiDir: null,
      announce: false,
      allowedHosts: [publicName],
    })
    await app.register(websocket)
    await app.register(mercurius, {
      schema: 'type Query { whoami: String! }',
      resolvers: {
        Query: {
          whoami: (_: unknown, _args: unknown, context: { reply: FastifyReply }) =>
            `host ${context.reply.request.headers.host ?? ''}`,
        },
      },
    })
    app.get('/feed', { websocket: true }, (socket, request) => {
      socket.on('message', (data: Buffer) => socket.send(`${data.toString()} from host ${request.headers.host ?? ''}`))
    })
    app.get('/events', (request, reply) => {
      void reply.header('content-type', 'text/event-stream')
      return reply.send(`data: host ${request.headers.host ?? ''}\n\n`)
    })
    origin = await app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await app.close()
  })

  it('sends a query to mercurius at the public origin on the host listener', async () => {
    const called = await invokeThroughProxy(origin, {
      protocol: 'graphql',
      url: `https://${publicName}/graphql`,
      service: 'Query',
      method: 'whoami',
      messages: [{}],
    })
    expect([called.status, called.response]).toEqual(['OK', { data: { whoami: `host ${publicName}` } }])
  })

  it('opens a WebSocket route at the public origin on the host listener', async () => {
    const called = await invokeThroughProxy(origin, {
      protocol: 'websocket',
      url: `wss://${publicName}/feed`,
      service: 'feed',
      method: 'connect',
      messages: [{ text: 'hi' }],
    })
    expect(called.status, JSON.stringify(called)).toBe('OK')
    expect(JSON.stringify(called.response)).toContain(`hi from host ${publicName}`)
  })

  it('reads an SSE route at the public origin on the host listener', async () => {
    const called = await invokeThroughProxy(origin, {
      protocol: 'sse',
      url: `https://${publicName}/events`,
      service: 'events',
      method: 'subscribe',
      messages: [{}],
    })
    expect([called.status, called.response]).toEqual(['OK', [{ data: `host ${publicName}` }]])
  })
})
