/**
 * GraphQL over mTLS: a graphql-yoga https server that demands a client certificate, reached by discovery, a query and
 * subscriptions over wss:// (graphql-ws) and https (graphql-sse) with the certificate from the mTLS marker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { MtlsMarker, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { testContext } from '../servers/rest/call-context.js'
import { createTestPki } from '../servers/tls/pki.js'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'

describe('GraphQL over mTLS', () => {
  let yoga: YogaServer
  let plugin: ProtocolPlugin
  let marker: MtlsMarker
  const mtls = () => testContext({ metadata: { __workbenchMtls__: JSON.stringify(marker) } })

  beforeAll(async () => {
    const pki = await createTestPki()
    yoga = await startYogaServer({ tls: { key: pki.serverKey, cert: pki.serverCertificate, ca: pki.caCertificate } })
    marker = { certificate: pki.clientCertificate, privateKey: pki.clientKey, caCertificate: pki.caCertificate }
    plugin = createGraphqlPlugin()
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await yoga.close()
  })

  it('discovers and queries with the client certificate', async () => {
    const services = await plugin.discover({ kind: 'url', url: yoga.url }, mtls())
    expect(services.map((s) => s.name)).toContain('Subscription')
    const result = await plugin.invoke({ target: yoga.url, service: 'Query', method: 'hello', messages: [{}] }, mtls())
    expect(result.response).toEqual({ data: { hello: 'Hello, world!' } })
  })

  for (const transport of ['graphql-ws', 'graphql-sse'] as const) {
    it(`subscribes over ${transport} with the client certificate`, async () => {
      const frames: StreamFrame[] = []
      const call = {
        target: yoga.url,
        service: 'Subscription',
        method: 'countdown',
        messages: [{ variables: { from: 1 }, subscriptionTransport: transport }],
      }
      for await (const frame of plugin.invokeStream!(call, mtls())) frames.push(frame)
      expect(frames.filter((f) => f.type === 'message')).toHaveLength(2)
      expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    })
  }

  it('is refused by the server without a certificate, as upstream_unreachable', async () => {
    const error = await plugin
      .discover({ kind: 'url', url: `${yoga.url}?fresh` }, testContext())
      .catch((e: unknown) => WorkbenchError.from(e))
    expect(error).toBeInstanceOf(WorkbenchError)
    expect((error as WorkbenchError).code).toBe('upstream_unreachable')
  })
})
