/**
 * The WebSocket plugin over TLS: `wss://` with the client certificate of the environment's mTLS marker in the socket
 * options, against `ws` servers on Node https (one that requires a client certificate, one that does not).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, MtlsMarker, ProtocolPlugin } from '@wirebench/core'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { contractContext } from '../contract/protocol-contract.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { startWsServers } from '../servers/websocket/ws-servers.js'
import type { WsServers } from '../servers/websocket/ws-servers.js'
import { failure } from '../support/workbench-failure.js'

const mtls = (marker?: MtlsMarker): Record<string, string> =>
  marker ? { __workbenchMtls__: JSON.stringify(marker) } : {}

describe('WebSocket over TLS and mTLS', () => {
  let pki: TestPki
  let other: TestPki
  let mutual: WsServers
  let serverOnly: WsServers
  let plugin: ProtocolPlugin
  let trusted: MtlsMarker

  beforeAll(async () => {
    ;[pki, other] = await Promise.all([createTestPki(), createTestPki({ clientCommonName: 'stranger' })])
    const tls = { cert: pki.serverCertificate, key: pki.serverKey, ca: pki.caCertificate }
    ;[mutual, serverOnly] = await Promise.all([
      startWsServers({ ...tls, requestCert: true }),
      startWsServers({ cert: tls.cert, key: tls.key }),
    ])
    plugin = createWebSocketPlugin()
    trusted = { certificate: pki.clientCertificate, privateKey: pki.clientKey, caCertificate: pki.caCertificate }
  })
  afterAll(async () => {
    await Promise.all([mutual?.close(), serverOnly?.close()])
  })

  const whoami = (servers: WsServers, marker?: MtlsMarker): Promise<InvokeResult> =>
    plugin.invoke(
      { target: servers.url('/echo'), service: 'echo', method: 'connect', messages: [{ text: '@upgrade' }] },
      contractContext({ metadata: mtls(marker) }),
    )

  it('presents the client certificate on the upgrade: the server accepts it and sees its CN', async () => {
    const services = await plugin.discover(
      { kind: 'url', url: mutual.url('/echo') },
      contractContext({ metadata: mtls(trusted) }),
    )
    expect(services[0]!.name).toBe('echo')
    const result = await whoami(mutual, trusted)
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({ peer: 'wirebench-test-client' })
  })

  it('runs a channel over wss with the certificate', async () => {
    const channel = await plugin.openChannel!(
      { target: mutual.url('/echo'), service: 'echo', method: 'connect', messages: [{ text: 'secure' }] },
      contractContext({ metadata: mtls(trusted) }),
    )
    const frames = channel.frames()[Symbol.asyncIterator]()
    expect((await frames.next()).value).toMatchObject({ type: 'headers' })
    expect((await frames.next()).value).toMatchObject({ type: 'message', data: 'secure' })
    await channel.closeSend()
    const rest = []
    for (let next = await frames.next(); next.done !== true; next = await frames.next()) rest.push(next.value)
    expect(rest.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
  })

  it('refuses a client certificate the server does not trust, with a hint about the certificate', async () => {
    const error = await failure(
      whoami(mutual, {
        certificate: other.clientCertificate,
        privateKey: other.clientKey,
        caCertificate: pki.caCertificate,
      }),
    )
    expect(error.code).toBe('upstream_unreachable')
    expect(error.hint).toMatch(/client certificate/)
  })

  it('without mTLS, fails the handshake on the untrusted server certificate with a hint', async () => {
    const error = await failure(whoami(serverOnly))
    expect(error.code).toBe('upstream_unreachable')
    expect(error.message).toMatch(/TLS handshake with 127\.0\.0\.1:\d+ failed/)
    expect(error.hint).toMatch(/CA certificate|Allow self-signed/)
  })

  it('pins the server chain to the marker’s CA: another CA fails, allowSelfSigned accepts', async () => {
    const pinned = await failure(whoami(serverOnly, { ...trusted, caCertificate: other.caCertificate }))
    expect(pinned.code).toBe('upstream_unreachable')
    expect(pinned.hint).toMatch(/CA certificate/)
    const lenient = await whoami(serverOnly, {
      certificate: pki.clientCertificate,
      privateKey: pki.clientKey,
      allowSelfSigned: true,
    })
    expect(lenient.status).toBe('OK')
    expect(lenient.response).toMatchObject({ url: '/echo' })
  })

  it('names the mTLS field that cannot be used, without echoing key material', async () => {
    const error = await failure(whoami(mutual, { ...trusted, privateKey: 'not a key' }))
    expect(error.code).toBe('invalid_request')
    expect(error.details).toMatchObject({ field: 'privateKey' })
    expect(error.message).not.toContain('not a key')
  })
})
