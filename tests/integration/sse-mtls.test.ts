/**
 * mTLS through the SSE plugin against the sequence server over https demanding a client certificate
 * (`requestCert: true, rejectUnauthorized: true`), with a PKI made by openssl for this run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { Call, MtlsMarker, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createSsePlugin } from '@wirebench/protocol-sse'
import { contractContext } from '../contract/protocol-contract.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'
import type { SequenceServer } from '../servers/sse/sequence-server.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'

const mtlsMetadata = (marker: MtlsMarker): Record<string, string> => ({ __workbenchMtls__: JSON.stringify(marker) })

describe('SSE over mTLS', () => {
  let pki: TestPki
  let other: TestPki
  let server: SequenceServer
  let plugin: ProtocolPlugin
  let trusted: MtlsMarker

  beforeAll(async () => {
    ;[pki, other] = await Promise.all([createTestPki(), createTestPki({ clientCommonName: 'stranger' })])
    server = await startSequenceServer({
      tls: { key: pki.serverKey, cert: pki.serverCertificate, ca: pki.caCertificate, requestCert: true },
    })
    plugin = createSsePlugin()
    trusted = { certificate: pki.clientCertificate, privateKey: pki.clientKey, caCertificate: pki.caCertificate }
  }, 30_000)

  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('discovers and streams with the client certificate from the mTLS marker, which never reaches the wire', async () => {
    const ctx = () => contractContext({ metadata: mtlsMetadata(trusted) })
    const [service] = await plugin.discover({ kind: 'url', url: server.url('/client') }, ctx())
    expect(service!.name).toBe('client')
    const call: Call = { target: server.url('/client'), service: 'client', method: 'subscribe', messages: [{}] }
    const frames: StreamFrame[] = []
    for await (const frame of plugin.invokeStream!(call, ctx())) frames.push(frame)
    const message = frames.find((f) => f.type === 'message')
    expect(message).toMatchObject({ data: { clientCn: pki.clientCommonName } })
    const probe = server.requests.find((r) => r.path === '/client')!
    expect(JSON.stringify(probe.headers)).not.toContain('__workbench')
  })

  it('fails with upstream_unreachable when the client certificate comes from a CA the server does not trust', async () => {
    const error = await plugin
      .discover(
        { kind: 'url', url: server.url('/events') },
        contractContext({
          metadata: mtlsMetadata({ ...trusted, certificate: other.clientCertificate, privateKey: other.clientKey }),
        }),
      )
      .catch((e: unknown) => WorkbenchError.from(e))
    expect(error).toBeInstanceOf(WorkbenchError)
    expect((error as WorkbenchError).code).toBe('upstream_unreachable')
  })
})
