/**
 * What a REST call sent and how long each phase took, against real Fastify apps documenting themselves with
 * @fastify/swagger: over https to `localhost` (DNS, connect, TLS, first byte, total; then a reused connection) and over
 * plain http to 127.0.0.1 (no DNS, no TLS). Credentials never leave the plugin unmasked: the bearer token, an API-key
 * header and an API-key query parameter reach the server, and appear nowhere in the result.
 */
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, MtlsMarker, ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { createTestPki } from '../servers/tls/pki.js'

const TOKEN = 'tok-7c1e9d2b-secret'
const API_KEY = 'key-4f0a77-secret'
const QUERY_KEY = 'qk-91b3-secret'

interface Seen {
  authorization?: string
  apiKey?: string
  url: string
  body: unknown
}

async function startApp(https?: { key: string; cert: string }): Promise<{ app: FastifyInstance; seen: Seen[] }> {
  // One type for both: the routes below do not depend on the transport.
  const app = (https ? Fastify({ https }) : Fastify()) as unknown as FastifyInstance
  const seen: Seen[] = []
  await app.register(swagger, { openapi: { info: { title: 'Timed', version: '1' }, servers: [{ url: '/' }] } })
  app.post(
    '/orders/:id',
    {
      schema: {
        operationId: 'placeOrder',
        params: { type: 'object', properties: { id: { type: 'string' } } },
        querystring: { type: 'object', properties: { wait: { type: 'integer' } } },
        body: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'integer' } } },
      },
    },
    async (request) => {
      seen.push({
        authorization: request.headers.authorization,
        apiKey: request.headers['x-api-key'] as string | undefined,
        url: request.url,
        body: request.body,
      })
      const { wait = 0 } = request.query as { wait?: number }
      // The server's think time: the first byte cannot come sooner.
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      return { ok: true }
    },
  )
  // The document closes its connection: the first call after discovery has to open one of its own.
  app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) =>
    reply.header('connection', 'close').send(app.swagger()),
  )
  return { app, seen }
}

const credentials = {
  authorization: `Bearer ${TOKEN}`,
  'X-API-Key': API_KEY,
  __workbenchApiKeyQuery__: JSON.stringify([{ name: 'api_key', value: QUERY_KEY }]),
}

describe('what a REST call sent, and its phase timings', () => {
  let plugin: ProtocolPlugin
  let secure: { app: FastifyInstance; seen: Seen[]; docUrl: string }
  let plain: { app: FastifyInstance; seen: Seen[]; docUrl: string }
  let trust: Record<string, string>

  beforeAll(async () => {
    const pki = await createTestPki()
    const marker: MtlsMarker = {
      certificate: pki.clientCertificate,
      privateKey: pki.clientKey,
      caCertificate: pki.caCertificate,
    }
    trust = { __workbenchMtls__: JSON.stringify(marker) }
    const secureApp = await startApp({ key: pki.serverKey, cert: pki.serverCertificate })
    const plainApp = await startApp()
    const securePort = new URL(await secureApp.app.listen({ host: '127.0.0.1', port: 0 })).port
    secure = { ...secureApp, docUrl: `https://localhost:${securePort}/openapi.json` }
    plain = { ...plainApp, docUrl: `${await plainApp.app.listen({ host: '127.0.0.1', port: 0 })}/openapi.json` }
    plugin = createRestPlugin()
    await plugin.discover({ kind: 'url', url: secure.docUrl }, testContext({ metadata: trust }))
    await plugin.discover({ kind: 'url', url: plain.docUrl }, testContext())
  })

  afterAll(async () => {
    await plugin?.dispose?.()
    await Promise.all([secure?.app.close(), plain?.app.close()])
  })

  const order = (docUrl: string, metadata: Record<string, string>, wait = 0): Promise<InvokeResult> =>
    plugin.invoke(
      {
        target: docUrl,
        service: 'Default',
        method: 'placeOrder',
        messages: [{ id: 'A-1', wait, item: 'tea', qty: 2 }],
      },
      testContext({ metadata }),
    )

  it('times DNS, connect and TLS on the call that opens the connection, and first byte and total', async () => {
    const result = await order(secure.docUrl, { ...trust, ...credentials }, 60)
    expect(result.status).toBe('OK')
    const timings = result.timings!
    // localhost is looked up (an IP address would not be); the handshake is TLS.
    expect(timings.dnsMs).toBeGreaterThanOrEqual(0)
    expect(timings.connectMs).toBeGreaterThanOrEqual(0)
    expect(timings.tlsMs).toBeGreaterThan(0)
    expect(timings.firstByteMs).toBeGreaterThanOrEqual(59)
    expect(timings.totalMs).toBeGreaterThanOrEqual(
      timings.dnsMs! + timings.connectMs! + timings.tlsMs! + timings.firstByteMs! - 1,
    )
    expect(timings.reusedConnection).toBeUndefined()
  })

  it('says the next call reused the connection: no DNS, connect or TLS of its own', async () => {
    // The pool takes a connection back once the previous answer is fully processed; a call made in the same moment
    // would open a second one.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const result = await order(secure.docUrl, { ...trust, ...credentials })
    expect(result.timings).toMatchObject({ reusedConnection: true })
    expect(result.timings).not.toHaveProperty('dnsMs')
    expect(result.timings).not.toHaveProperty('tlsMs')
    expect(result.timings!.firstByteMs).toBeGreaterThanOrEqual(0)
  })

  it('shows the request as sent: resolved URL, every header, the JSON body, with credentials masked', async () => {
    const before = secure.seen.length
    const result = await order(secure.docUrl, { ...trust, ...credentials })
    // The server did receive every credential...
    expect(secure.seen[before]).toMatchObject({ authorization: `Bearer ${TOKEN}`, apiKey: API_KEY })
    expect(secure.seen[before]!.url).toContain(`api_key=${QUERY_KEY}`)
    // ...and the result shows where they went, never what they were.
    const sent = result.sent!
    expect(sent.method).toBe('POST')
    expect(sent.url).toBe(`https://localhost:${new URL(secure.docUrl).port}/orders/A-1?wait=0&api_key=***`)
    const headers = new Map(sent.headers)
    expect(headers.get('host')).toBe(`localhost:${new URL(secure.docUrl).port}`)
    expect(headers.get('authorization')).toBe('***')
    expect(headers.get('x-api-key')).toBe('***')
    expect(headers.get('content-type')).toMatch(/^application\/json/)
    expect(JSON.parse(sent.body!)).toEqual({ item: 'tea', qty: 2 })
    expect(sent.bodyBytes).toBe(Buffer.byteLength(sent.body!))
    const text = JSON.stringify(result)
    for (const secret of [TOKEN, API_KEY, QUERY_KEY]) expect(text).not.toContain(secret)
  })

  it('has no DNS or TLS phase for a plain call to an IP address', async () => {
    const result = await order(plain.docUrl, {})
    expect(result.timings!.connectMs).toBeGreaterThanOrEqual(0)
    expect(result.timings).not.toHaveProperty('dnsMs')
    expect(result.timings).not.toHaveProperty('tlsMs')
    expect(result.timings).not.toHaveProperty('reusedConnection')
    expect(result.sent!.url).toBe(`${new URL(plain.docUrl).origin}/orders/A-1?wait=0`)
    expect(result.sent!.headers.map(([name]) => name)).toEqual(
      expect.arrayContaining(['host', 'connection', 'content-type']),
    )
  })
})
