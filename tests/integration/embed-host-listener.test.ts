/**
 * Calls to an Express host's own origin reach the host's own listener whatever name the address carries: the public
 * `https://app.example.test` a TLS-terminating proxy serves the page from (a name that resolves nowhere here), and an
 * admitted name on the host's port that DNS points at another machine. Every protocol the host serves (REST, SSE,
 * GraphQL, WebSocket) arrives with the URL's Host header, and no lookup or connection goes anywhere else.
 */
import dns from 'node:dns'
import type { LookupAddress } from 'node:dns'
import { createServer } from 'node:http'
import type { IncomingMessage, RequestListener, Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import express4 from 'express4'
import expressWs from 'express-ws'
import { createSchema, createYoga } from 'graphql-yoga'
import { expressWorkbench } from '@wirebench/embed'
import type { ExpressWorkbench } from '@wirebench/embed'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPki } from '../servers/tls/pki.js'
import { listenHost, mountBehindProxy, proxiedPost, useConfigDir } from './support/embed-host.js'
import type { ListeningServer } from './support/embed-host.js'

const token = 'embedded-listener-token-0123456789abcdef0123456789abcdef'
const publicName = 'app.example.test'
const configDir = useConfigDir('listener')

/** The parts of express 4 and 5 used here (their type packages differ). */
type ExpressApp = ((req: IncomingMessage, res: unknown) => void) & {
  set(name: string, value: unknown): unknown
  use(...args: unknown[]): unknown
  get(path: string, handler: (req: Request, res: Response) => void): unknown
}
type Request = IncomingMessage & { hostname: string; protocol: string }
type Response = { json(value: unknown): void; writeHead(status: number, headers: Record<string, string>): void } & {
  end(text: string): void
}
type ExpressFactory = () => ExpressApp

/** Every lookup the test process makes of a name, counted; `app.example.test` answered with `answer` when set. */
function spyOnLookups(answer?: string): { count(name: string): number; restore(): void } {
  const asked: string[] = []
  const original = dns.lookup
  const originalPromise = dns.promises.lookup
  const answerFor = (name: string): LookupAddress[] | undefined =>
    answer !== undefined && name === publicName ? [{ address: answer, family: 4 }] : undefined
  const patched = ((name: string, options: unknown, callback?: unknown) => {
    asked.push(name)
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true
    const given = answerFor(name)
    if (!given) return (original as (...args: unknown[]) => void)(name, options, callback)
    process.nextTick(() => (all ? done(null, given) : done(null, given[0]?.address, 4)))
  }) as typeof dns.lookup
  dns.lookup = patched
  dns.promises.lookup = ((name: string, options?: unknown) => {
    asked.push(name)
    const given = answerFor(name)
    if (!given) return (originalPromise as (...args: unknown[]) => Promise<unknown>)(name, options)
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true
    return Promise.resolve(all ? given : given[0])
  }) as typeof dns.promises.lookup
  return {
    count: (name) => asked.filter((n) => n === name).length,
    restore() {
      dns.lookup = original
      dns.promises.lookup = originalPromise
    },
  }
}

/** A workbench API call as the proxy forwards it, answered with whatever status (a refusal is an answer too). */
async function answerThroughProxy(origin: string, path: string, body: unknown): Promise<unknown> {
  const answer = await proxiedPost(origin, path, JSON.stringify(body), { token })
  const parsed = JSON.parse(answer.body) as InvokeResult & { detail?: string }
  return answer.status === 200 ? parsed.response : `${answer.status} ${parsed.detail ?? ''}`
}

/** A workbench API call as the proxy in front of the host forwards it (Host app.example.test, https). */
async function throughProxy<T>(origin: string, path: string, body: unknown): Promise<T> {
  const answer = await proxiedPost(origin, path, JSON.stringify(body), { token })
  expect(answer.status, answer.body).toBe(200)
  return JSON.parse(answer.body) as T
}

interface Host {
  listening: ListeningServer
  workbench: ExpressWorkbench
}

/** An Express host that trusts its proxy, with a REST route, an SSE route, graphql-yoga and an express-ws route. */
async function startHost(
  express: ExpressFactory,
  serve: (app: RequestListener) => Server = (app) => createServer(app),
): Promise<Host> {
  const app = express()
  const server = serve(app)
  const schema = createSchema({
    typeDefs: 'type Query { whoami: String! }',
    resolvers: {
      Query: {
        whoami: (_: unknown, _args: unknown, ctx: { request: globalThis.Request }) =>
          `host ${ctx.request.headers.get('host') ?? ''}`,
      },
    },
  })
  const workbench = await expressWorkbench(app as never, {
    prefix: '/workbench',
    configDir: configDir(),
    token,
    uiDir: null,
    announce: false,
    allowedHosts: [publicName],
    graphql: [{ path: '/graphql', schema }],
  })
  app.set('trust proxy', true)
  app.use('/workbench', workbench)
  app.get('/whoami', (req, res) => res.json({ served: 'host', host: req.headers.host, hostname: req.hostname }))
  app.get('/events', (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(`data: host ${req.headers.host ?? ''}\n\n`)
  })
  app.use('/graphql', createYoga({ schema, graphqlEndpoint: '/graphql', logging: false, graphiql: false }))
  expressWs(app as never, server)
  ;(app as unknown as { ws: expressWs.WebsocketMethod<unknown> }).ws('/feed', (socket, req) => {
    socket.on('message', (data: Buffer) => socket.send(`${data.toString()} from host ${req.headers.host ?? ''}`))
  })
  return { listening: await listenHost(undefined, { server }), workbench }
}

describe.each([
  ['Express 4', express4 as unknown as ExpressFactory],
  ['Express 5', express5 as unknown as ExpressFactory],
])('an %s host behind its TLS-terminating proxy', (_name, express) => {
  const publicOrigin = `https://${publicName}`
  let host: Host
  let lookups: ReturnType<typeof spyOnLookups>

  beforeAll(async () => {
    host = await startHost(express)
    lookups = spyOnLookups()
  })
  afterAll(async () => {
    lookups.restore()
    await host.workbench.close()
    await host.listening.close()
  })

  it('calls a REST route of the public origin on the host listener, keeping the Host header', async () => {
    const found = await throughProxy<DiscoverResponse>(host.listening.origin, '/api/discover', { urls: [publicOrigin] })
    const rest = found.services.filter((s) => s.protocol === 'rest')
    const service = rest.find((s) => s.methods.some((m) => m.httpPath === '/whoami'))
    const method = service?.methods.find((m) => m.httpPath === '/whoami')
    const called = await throughProxy<InvokeResult>(host.listening.origin, '/api/invoke', {
      protocol: 'rest',
      url: publicOrigin,
      service: service?.name,
      method: method?.name,
      messages: [{}],
    })
    expect([called.status, called.response]).toEqual(['OK', { served: 'host', host: publicName, hostname: publicName }])
    expect(lookups.count(publicName)).toBe(0)
  })

  it('reads an SSE route of the public origin from the host listener', async () => {
    const called = await throughProxy<InvokeResult>(host.listening.origin, '/api/invoke', {
      protocol: 'sse',
      url: `${publicOrigin}/events`,
      service: 'events',
      method: 'subscribe',
      messages: [{}],
    })
    expect([called.status, called.response]).toEqual(['OK', [{ data: `host ${publicName}` }]])
    expect(lookups.count(publicName)).toBe(0)
  })

  it('sends a GraphQL query to the public origin on the host listener', async () => {
    const called = await throughProxy<InvokeResult>(host.listening.origin, '/api/invoke', {
      protocol: 'graphql',
      url: `${publicOrigin}/graphql`,
      service: 'Query',
      method: 'whoami',
      messages: [{}],
    })
    expect([called.status, called.response]).toEqual(['OK', { data: { whoami: `host ${publicName}` } }])
    expect(lookups.count(publicName)).toBe(0)
  })

  it('opens a WebSocket to the public origin on the host listener', async () => {
    const called = await throughProxy<InvokeResult>(host.listening.origin, '/api/invoke', {
      protocol: 'websocket',
      url: `wss://${publicName}/feed`,
      service: 'feed',
      method: 'connect',
      messages: [{ text: 'hi' }],
    })
    expect(called.status, JSON.stringify(called)).toBe('OK')
    expect(JSON.stringify(called.response)).toContain(`hi from host ${publicName}`)
    expect(lookups.count(publicName)).toBe(0)
  })
})

describe('an Express host that also serves its app on an admin server', () => {
  let admin: ListeningServer
  let publicServer: ListeningServer
  let workbench: ExpressWorkbench

  beforeAll(async () => {
    const app = express5() as unknown as ExpressApp
    workbench = await mountBehindProxy(app, { configDir: configDir(), token, publicName })
    app.get('/port', (req, res) => res.json({ port: req.socket.localPort }))
    admin = await listenHost(app)
    publicServer = await listenHost(app)
    // The admin server carries the workbench's first request, so it is the first server the workbench learns.
    await fetch(`${admin.origin}/workbench/api/discover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': token },
      body: JSON.stringify({ urls: [] }),
    })
  })
  afterAll(async () => {
    await workbench.close()
    await Promise.all([admin.close(), publicServer.close()])
  })

  it('calls the public origin on the server its proxy forwards to, not the admin server', async () => {
    const publicOrigin = `https://${publicName}`
    const found = await throughProxy<DiscoverResponse>(publicServer.origin, '/api/discover', { urls: [publicOrigin] })
    const service = found.services.find((s) => s.protocol === 'rest' && s.methods.some((m) => m.httpPath === '/port'))
    const method = service?.methods.find((m) => m.httpPath === '/port')
    const called = await throughProxy<InvokeResult>(publicServer.origin, '/api/invoke', {
      protocol: 'rest',
      url: publicOrigin,
      service: service?.name,
      method: method?.name,
      messages: [{}],
    })
    expect(called.response).toEqual({ port: (publicServer.server.address() as AddressInfo).port })
  })
})

describe('an admitted name whose DNS points at another machine on the host port', () => {
  let host: Host
  let elsewhere: Server
  const connections: Socket[] = []
  let lookups: ReturnType<typeof spyOnLookups>
  let address: string

  beforeAll(async () => {
    host = await startHost(express5 as unknown as ExpressFactory)
    const port = (host.listening.server.address() as AddressInfo).port
    // Another machine: 127.0.0.2 on the host's port, where DNS (the test's) says the admitted name is.
    elsewhere = createServer((_req, res) => res.end(JSON.stringify({ served: 'elsewhere' })))
    elsewhere.on('connection', (socket: Socket) => connections.push(socket))
    await new Promise<void>((resolve) => elsewhere.listen(port, '127.0.0.2', resolve))
    lookups = spyOnLookups('127.0.0.2')
    address = `http://${publicName}:${port}`
  })
  afterAll(async () => {
    lookups.restore()
    elsewhere.closeAllConnections()
    await new Promise((resolve) => elsewhere.close(resolve))
    await host.workbench.close()
    await host.listening.close()
  })

  it('reaches the host listener for every protocol, with no lookup of the name and no connection elsewhere', async () => {
    const found = await throughProxy<DiscoverResponse>(host.listening.origin, '/api/discover', { urls: [address] })
    const service = found.services.find((s) => s.methods.some((m) => m.httpPath === '/whoami'))
    const rest = await answerThroughProxy(host.listening.origin, '/api/invoke', {
      protocol: 'rest',
      url: address,
      service: service?.name,
      method: service?.methods.find((m) => m.httpPath === '/whoami')?.name,
      messages: [{}],
    })
    const sse = await answerThroughProxy(host.listening.origin, '/api/invoke', {
      protocol: 'sse',
      url: `${address}/events`,
      service: 'events',
      method: 'subscribe',
      messages: [{}],
    })
    const graphql = await answerThroughProxy(host.listening.origin, '/api/invoke', {
      protocol: 'graphql',
      url: `${address}/graphql`,
      service: 'Query',
      method: 'whoami',
      messages: [{}],
    })
    const socket = await answerThroughProxy(host.listening.origin, '/api/invoke', {
      protocol: 'websocket',
      url: `${address.replace('http:', 'ws:')}/feed`,
      service: 'feed',
      method: 'connect',
      messages: [{ text: 'hi' }],
    })
    const hostHeader = new URL(address).host
    expect({
      rest,
      sse,
      graphql,
      socket: JSON.stringify(socket).includes(`hi from host ${hostHeader}`),
      lookups: lookups.count(publicName),
      connectionsElsewhere: connections.length,
    }).toEqual({
      rest: { served: 'host', host: hostHeader, hostname: publicName },
      sse: [{ data: `host ${hostHeader}` }],
      graphql: { data: { whoami: `host ${hostHeader}` } },
      socket: true,
      lookups: 0,
      connectionsElsewhere: 0,
    })
  })
})

describe('an Express host serving HTTPS itself', () => {
  let host: Host
  let port: number
  let trusting: Agent

  beforeAll(async () => {
    const pki = await createTestPki()
    host = await startHost(express5 as unknown as ExpressFactory, (app) =>
      createHttpsServer({ key: pki.serverKey, cert: pki.serverCertificate }, app),
    )
    port = (host.listening.server.address() as AddressInfo).port
    trusting = new Agent({ connect: { ca: pki.caCertificate } })
  })
  afterAll(async () => {
    await trusting.close()
    await host.workbench.close()
    await host.listening.close()
  })

  /** The workbench API over the host's own https listener. */
  async function api<T>(path: string, body: unknown): Promise<T> {
    const answer = await request(`https://127.0.0.1:${port}/workbench${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': token },
      body: JSON.stringify(body),
      dispatcher: trusting,
    })
    const text = await answer.body.text()
    expect(answer.statusCode, text).toBe(200)
    return JSON.parse(text) as T
  }

  it('calls its REST and WebSocket routes over TLS on its listener', async () => {
    const origin = `https://localhost:${port}`
    const found = await api<DiscoverResponse>('/api/discover', { urls: [origin] })
    const service = found.services.find((s) => s.methods.some((m) => m.httpPath === '/whoami'))
    const rest = await api<InvokeResult>('/api/invoke', {
      protocol: 'rest',
      url: origin,
      service: service?.name,
      method: service?.methods.find((m) => m.httpPath === '/whoami')?.name,
      messages: [{}],
    })
    const socket = await api<InvokeResult>('/api/invoke', {
      protocol: 'websocket',
      url: `wss://localhost:${port}/feed`,
      service: 'feed',
      method: 'connect',
      messages: [{ text: 'hi' }],
    })
    expect([rest.status, rest.response]).toEqual([
      'OK',
      { served: 'host', host: `localhost:${port}`, hostname: 'localhost' },
    ])
    expect(JSON.stringify(socket.response)).toContain(`hi from host localhost:${port}`)
  })
})
