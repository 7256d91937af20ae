/**
 * Trusting a private-CA server without a client certificate: an environment's TLS trust settings (its CA, or "allow
 * self-signed") reach every protocol as the trust marker, built by the auth pipeline beside bearer auth. Each protocol
 * runs against a real https server whose certificate comes from a CA made for this run and that asks for no client
 * certificate: REST (Node https), gRPC (@grpc/grpc-js), gRPC-Web and Connect (connect-node), GraphQL (graphql-yoga:
 * HTTP, graphql-sse and graphql-ws subscriptions), SSE (Node https) and WebSocket (ws). Each one fails without trust,
 * works with the CA, and works with allow-self-signed. Discovery through the real workbench server does the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthCaches, prepareCall } from '@wirebench/auth'
import type { Environment, TrustSettings } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, DiscoverResponse, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { createGrpcPlugins } from '@wirebench/protocol-grpc'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { createSsePlugin } from '@wirebench/protocol-sse'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'
import { startConnectLabServer } from '../servers/grpc/connect-server.js'
import type { ConnectLabServer } from '../servers/grpc/connect-server.js'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'
import type { SequenceServer } from '../servers/sse/sequence-server.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { startSessionServer } from '../servers/tls/session-server.js'
import type { SessionServer } from '../servers/tls/session-server.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'
import { startWsServers } from '../servers/websocket/ws-servers.js'
import type { WsServers } from '../servers/websocket/ws-servers.js'
import { failure } from '../support/workbench-failure.js'

type Trust = 'none' | 'ca' | 'self-signed'

let pki: TestPki
let rest: SessionServer
let grpc: LabServer
let connect: ConnectLabServer
let yoga: YogaServer
let sse: SequenceServer
let ws: WsServers
const plugins: ProtocolPlugin[] = []

beforeAll(async () => {
  pki = await createTestPki()
  const tls = { cert: pki.serverCertificate, key: pki.serverKey }
  ;[rest, grpc, connect, yoga, sse, ws] = await Promise.all([
    startSessionServer({ tls: { ...tls, requestCert: false, rejectUnauthorized: false } }),
    startLabServer({ tls }),
    startConnectLabServer({ http: '2', tls }),
    startYogaServer({ tls: { ...tls, requestCert: false } }),
    startSequenceServer({ tls }),
    startWsServers(tls),
  ])
}, 60_000)

afterAll(async () => {
  for (const plugin of plugins) await plugin.dispose?.()
  await Promise.all([rest?.close(), grpc?.close(), connect?.close(), yoga?.close(), sse?.close(), ws?.close()])
})

function environment(trust: Trust): Environment {
  const settings: TrustSettings = {
    // Through a variable, as a user would keep a long PEM.
    caCertificate: trust === 'ca' ? '${privateCa}' : '',
    allowSelfSigned: trust === 'self-signed',
  }
  return {
    id: 'private',
    name: 'Private CA',
    vars: { privateCa: pki.caCertificate },
    auth: { type: 'bearer', token: 'tok' },
    trust: settings,
  }
}

/** The context of a call prepared by the same pipeline as the UI's: bearer auth plus the trust marker. */
async function contextFor(trust: Trust, protocol: string): Promise<CallContext> {
  const prepared = await prepareCall({ protocol, environment: environment(trust), caches: createAuthCaches() })
  expect(prepared.metadata['Authorization']).toBe('Bearer tok')
  // No client certificate is involved anywhere in this file.
  expect(Object.keys(prepared.metadata).join()).not.toMatch(/Mtls/i)
  return testContext({ metadata: prepared.metadata })
}

async function collect(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

function use<P extends ProtocolPlugin>(plugin: P): P {
  plugins.push(plugin)
  return plugin
}

const grpcPlugins = createGrpcPlugins()
plugins.push(...grpcPlugins)
const grpcPlugin = (id: string) => grpcPlugins.find((p) => p.id === id) as ProtocolPlugin
const restPlugin = use(createRestPlugin())
const graphqlPlugin = use(createGraphqlPlugin())
const ssePlugin = use(createSsePlugin())
const wsPlugin = use(createWebSocketPlugin())

type Context = () => Promise<CallContext>

/**
 * Each protocol's round trip: discovery with `discoverCtx`, then a call with `ctx` (so a call path is tested on its
 * own: discovered with trust, called without); it resolves with the call's status.
 */
const protocols: Array<{
  name: string
  protocol: string
  run: (ctx: Context, discoverCtx?: Context) => Promise<unknown>
}> = [
  {
    name: 'REST',
    protocol: 'rest',
    async run(ctx, discoverCtx = ctx) {
      await restPlugin.discover({ kind: 'url', url: rest.docUrl }, await discoverCtx())
      const result = await restPlugin.invoke(
        { target: rest.docUrl, service: 'identity', method: 'whoami', messages: [{}] },
        await ctx(),
      )
      expect(result.response).toMatchObject({ clientCommonName: null })
      return result.status
    },
  },
  ...['grpc', 'grpcweb', 'connect'].map((wire) => ({
    name: `gRPC (${wire})`,
    protocol: 'grpc',
    async run(ctx: Context, discoverCtx: Context = ctx) {
      const url = wire === 'grpc' ? grpc.url : connect.url
      const plugin = grpcPlugin(wire)
      const services = await plugin.discover({ kind: 'url', url }, await discoverCtx())
      expect(services.map((s) => s.name)).toContain('wbtest.v1.Lab')
      const result = await plugin.invoke(
        { target: url, service: 'wbtest.v1.Lab', method: 'Echo', messages: [{ text: wire }] },
        await ctx(),
      )
      expect(result.response).toMatchObject({ text: wire })
      return result.status
    },
  })),
  {
    name: 'GraphQL over HTTP',
    protocol: 'graphql',
    async run(ctx, discoverCtx = ctx) {
      await graphqlPlugin.discover({ kind: 'url', url: yoga.url }, await discoverCtx())
      const result = await graphqlPlugin.invoke(
        { target: yoga.url, service: 'Query', method: 'hello', messages: [{}] },
        await ctx(),
      )
      expect(result.response).toEqual({ data: { hello: 'Hello, world!' } })
      return result.status
    },
  },
  ...(['graphql-sse', 'graphql-ws'] as const).map((transport) => ({
    name: `GraphQL subscriptions over ${transport}`,
    protocol: 'graphql',
    async run(ctx: Context, discoverCtx: Context = ctx) {
      await graphqlPlugin.discover({ kind: 'url', url: yoga.url }, await discoverCtx())
      const call = {
        target: yoga.url,
        service: 'Subscription',
        method: 'countdown',
        messages: [{ variables: { from: 1 }, subscriptionTransport: transport }],
      }
      const frames = await collect(graphqlPlugin.invokeStream!(call, await ctx()))
      const end = frames.at(-1)
      // A stream reports a failed connection in its end frame, as the live log shows it.
      if (end?.type === 'end' && end.status !== 'OK')
        throw new WorkbenchError('upstream_unreachable', end.message ?? '')
      expect(frames.filter((f) => f.type === 'message')).toHaveLength(2)
      return end?.type === 'end' ? end.status : 'no end'
    },
  })),
  {
    name: 'SSE',
    protocol: 'sse',
    async run(ctx, discoverCtx = ctx) {
      const url = sse.url('/events?count=2')
      const [service] = await ssePlugin.discover({ kind: 'url', url }, await discoverCtx())
      const frames = await collect(
        ssePlugin.invokeStream!(
          { target: url, service: service!.name, method: 'subscribe', messages: [{}] },
          await ctx(),
        ),
      )
      expect(frames.filter((f) => f.type === 'message')).toHaveLength(2)
      const end = frames.at(-1)
      return end?.type === 'end' ? end.status : 'no end'
    },
  },
  {
    name: 'WebSocket',
    protocol: 'websocket',
    async run(ctx, discoverCtx = ctx) {
      const url = ws.url('/echo')
      await wsPlugin.discover({ kind: 'url', url }, await discoverCtx())
      const result = await wsPlugin.invoke(
        { target: url, service: 'echo', method: 'connect', messages: [{ text: 'trusted' }] },
        await ctx(),
      )
      return result.status
    },
  },
]

describe.each(protocols)('$name to a private-CA server, no client certificate', ({ protocol, run }) => {
  it('fails without trust, saying where to add the CA: discovery, and the call itself', async () => {
    const none = () => contextFor('none', protocol)
    const discovery = await failure(run(none))
    expect(discovery.message).toMatch(/certificate|TLS/i)
    if (discovery.code === 'upstream_unreachable') expect(discovery.hint).toMatch(/TLS trust/)
    const call = await failure(run(none, () => contextFor('ca', protocol)))
    expect(call.message).toMatch(/certificate|TLS/i)
  })

  it('works with the environment’s CA certificate', async () => {
    expect(await run(() => contextFor('ca', protocol))).toBe('OK')
  })

  it('works with allow-self-signed', async () => {
    expect(await run(() => contextFor('self-signed', protocol))).toBe('OK')
  })
})

describe('discovery through the workbench server carries the trust marker to every plugin', () => {
  let workbench: TestWorkbench
  beforeAll(async () => {
    workbench = await startWorkbench()
  })
  afterAll(async () => {
    await workbench?.close()
  })

  const targets = () => [
    ['rest', rest.docUrl],
    ['grpc', grpc.url],
    ['graphql', yoga.url],
    ['sse', sse.url('/events?count=1')],
    ['websocket', ws.url('/echo')],
  ]

  async function discover(trust: Trust, url: string): Promise<DiscoverResponse> {
    const prepared = await prepareCall({
      protocol: 'discovery',
      environment: { ...environment(trust), auth: { type: 'none' } },
      caches: createAuthCaches(),
    })
    const response = await workbench.api('/api/discover', { body: { urls: [url], metadata: prepared.metadata } })
    expect(response.status).toBe(200)
    return (await response.json()) as DiscoverResponse
  }

  it.each(['ca', 'self-signed'] as const)('lists every protocol’s services with trust = %s', async (trust) => {
    for (const [pluginId, url] of targets()) {
      const result = await discover(trust, url!)
      expect(
        result.attempts.filter((a) => a.outcome === 'ok').map((a) => a.pluginId),
        `${pluginId} at ${url}`,
      ).toContain(pluginId)
    }
  })

  it('lists none of them without trust, and says why', async () => {
    for (const [pluginId, url] of targets()) {
      const result = await discover('none', url!)
      expect(result.services, `${pluginId} at ${url}`).toEqual([])
      const attempt = result.attempts.find((a) => a.pluginId === pluginId)
      expect(`${attempt?.message ?? ''} ${attempt?.hint ?? ''}`, `${pluginId} at ${url}`).toMatch(/certificate|TLS/i)
    }
  })
})
