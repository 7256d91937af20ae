/**
 * mTLS through the REST plugin against a Node https server that demands a client certificate
 * (`requestCert: true, rejectUnauthorized: true`), with a PKI made by openssl for this run.
 */
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { InvokeResult, MtlsMarker, ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { createDispatcherFactory, httpRequest } from '@wirebench/transport'
import { testContext } from '../servers/rest/call-context.js'
import { createTestPki, encryptPrivateKey } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { startSessionServer } from '../servers/tls/session-server.js'
import type { Seen, SessionServer } from '../servers/tls/session-server.js'

const mtlsMetadata = (marker: MtlsMarker): Record<string, string> => ({ __workbenchMtls__: JSON.stringify(marker) })

async function failure(promise: Promise<unknown>): Promise<WorkbenchError> {
  try {
    await promise
  } catch (error) {
    return WorkbenchError.from(error)
  }
  throw new Error('expected the call to fail')
}

describe('REST over mTLS', () => {
  let pki: TestPki
  let other: TestPki
  let server: SessionServer
  let plugin: ProtocolPlugin
  let trusted: MtlsMarker

  beforeAll(async () => {
    ;[pki, other] = await Promise.all([createTestPki(), createTestPki({ clientCommonName: 'stranger' })])
    server = await startSessionServer({
      tls: { key: pki.serverKey, cert: pki.serverCertificate, ca: pki.caCertificate },
    })
    plugin = createRestPlugin()
    trusted = { certificate: pki.clientCertificate, privateKey: pki.clientKey, caCertificate: pki.caCertificate }
    const services = await plugin.discover(
      { kind: 'url', url: server.docUrl },
      testContext({ metadata: mtlsMetadata(trusted) }),
    )
    expect(services.map((s) => s.name).sort()).toEqual(['identity', 'session'])
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  const whoami = (marker: MtlsMarker): Promise<InvokeResult> =>
    plugin.invoke(
      { target: server.docUrl, service: 'identity', method: 'whoami', messages: [{}] },
      testContext({ metadata: mtlsMetadata(marker) }),
    )

  it('presents the client certificate: the server accepts it and sees the client’s CN', async () => {
    const result = await whoami(trusted)
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({
      authorized: true,
      clientCommonName: 'wirebench-test-client',
    } satisfies Partial<Seen>)
  })

  it('accepts a PKCS#1 (BEGIN RSA PRIVATE KEY) key as well as PKCS#8', async () => {
    const result = await whoami({
      ...trusted,
      certificate: pki.rsaClientCertificate,
      privateKey: pki.rsaClientKeyPkcs1,
    })
    expect(result.response).toMatchObject({ authorized: true, clientCommonName: 'wirebench-test-client-rsa' })
  })

  it('pins the server chain to the given CA: another CA fails even though the certificate is fine', async () => {
    const error = await failure(whoami({ ...trusted, caCertificate: other.caCertificate }))
    expect(error.code).toBe('upstream_unreachable')
    expect(error.message).toMatch(/TLS handshake with 127\.0\.0\.1:\d+ failed: its certificate is not issued by a CA/)
    expect(error.hint).toMatch(/CA certificate/)
  })

  it('refuses a server certificate from an unknown CA without allowSelfSigned, and accepts it with it', async () => {
    const unpinned = { certificate: pki.clientCertificate, privateKey: pki.clientKey }
    const error = await failure(whoami(unpinned))
    expect(error.code).toBe('upstream_unreachable')
    expect(error.hint).toMatch(/Allow self-signed/)
    const result = await whoami({ ...unpinned, allowSelfSigned: true })
    expect(result.response).toMatchObject({ authorized: true, clientCommonName: 'wirebench-test-client' })
  })

  it('reports a client certificate the server does not trust as rejected, with a hint', async () => {
    const error = await failure(
      whoami({ certificate: other.clientCertificate, privateKey: other.clientKey, caCertificate: pki.caCertificate }),
    )
    expect(error.code).toBe('upstream_unreachable')
    expect(error.hint).toMatch(/rejected the client certificate/)
  })

  it('without mTLS configured, fails the handshake with a clear error instead of calling unauthenticated', async () => {
    const error = await failure(
      plugin.invoke({ target: server.docUrl, service: 'identity', method: 'whoami', messages: [{}] }, testContext()),
    )
    expect(error.code).toBe('upstream_unreachable')
    expect(error.message).toMatch(/TLS handshake/)
  })

  it('tells a caller that trusts the server but has no client certificate that the server may require one', async () => {
    const dispatcher = new Agent({ connect: { ca: pki.caCertificate } })
    try {
      const error = await failure(
        httpRequest({
          url: `${server.origin}/whoami`,
          method: 'GET',
          dispatcher,
          maxResponseBytes: 1024,
          timeoutMs: 5_000,
        }),
      )
      expect(error.code).toBe('upstream_unreachable')
      expect(error.hint).toMatch(/requires a client certificate, configure mTLS/)
    } finally {
      await dispatcher.close()
    }
  })

  it('reuses the TLS connection across a run of calls with the same certificate', async () => {
    await whoami(trusted)
    const before = server.connectionCount()
    for (let i = 0; i < 5; i++) await whoami(trusted)
    expect(server.connectionCount()).toBe(before)
  })

  it('opens and closes an Agent per call when reuse is turned off', async () => {
    const dispatchers = createDispatcherFactory({ maxTlsAgents: 0 })
    const perCall = createRestPlugin({ dispatchers })
    try {
      await perCall.discover({ kind: 'url', url: server.docUrl }, testContext({ metadata: mtlsMetadata(trusted) }))
      const before = server.connectionCount()
      for (let i = 0; i < 3; i++) {
        const result = await perCall.invoke(
          { target: server.docUrl, service: 'identity', method: 'whoami', messages: [{}] },
          testContext({ metadata: mtlsMetadata(trusted) }),
        )
        expect(result.response).toMatchObject({ authorized: true })
      }
      expect(server.connectionCount()).toBe(before + 3)
    } finally {
      await perCall.dispose?.()
      await dispatchers.close()
    }
  })

  it('keeps the guarded DNS lookup on client-certificate Agents, with or without a cookie jar', async () => {
    // Loopback counts as private when the policy blocks private targets (embedded mode): the lookup must refuse it.
    const dispatchers = createDispatcherFactory({ outbound: { blockPrivate: true } })
    const url = `https://localhost:${new URL(server.origin).port}/whoami`
    try {
      for (const markers of [{ mtls: trusted }, { mtls: trusted, cookieEnv: 'dev' }]) {
        const lease = dispatchers.acquire(markers)
        const error = await failure(
          httpRequest({ url, method: 'GET', dispatcher: lease.dispatcher, maxResponseBytes: 1024, timeoutMs: 5_000 }),
        ).finally(() => lease.release())
        expect(error.code).toBe('blocked_target')
      }
    } finally {
      await dispatchers.close()
    }
  })

  describe('refuses unusable PEM material, naming the field and never echoing it', () => {
    const invalid = async (marker: MtlsMarker): Promise<WorkbenchError> => {
      const error = await failure(whoami(marker))
      expect(error.code).toBe('invalid_request')
      const shown = JSON.stringify({ message: error.message, hint: error.hint, details: error.details })
      for (const pem of [marker.certificate, marker.privateKey, marker.caCertificate ?? '']) {
        // Any line of the PEM body (or the whole text when it is not PEM) would be an echo of the material.
        for (const line of pem.split('\n').filter((l) => l.length > 8 && !l.startsWith('-----'))) {
          expect(shown).not.toContain(line)
        }
      }
      return error
    }

    it('a certificate that is not PEM', async () => {
      const error = await invalid({ ...trusted, certificate: 'secret-material' })
      expect(error.message).toBe('The mTLS client certificate is not a PEM certificate.')
      expect(error.details).toEqual({ field: 'certificate' })
    })

    it('a certificate whose PEM body is damaged', async () => {
      const damaged = pki.clientCertificate.replace(/\n[A-Za-z0-9+/]{20}/, '\nAAAAAAAAAAAAAAAAAAAA')
      const error = await invalid({ ...trusted, certificate: damaged })
      expect(error.details).toEqual({ field: 'certificate' })
    })

    it('an encrypted private key, saying keys must be unencrypted PKCS#8 or PKCS#1', async () => {
      const error = await invalid({ ...trusted, privateKey: await encryptPrivateKey(pki.clientKey, 'pass') })
      expect(error.message).toBe('The mTLS private key is encrypted.')
      expect(error.hint).toMatch(/unencrypted PEM private key: PKCS#8 .* or PKCS#1/)
      expect(error.details).toEqual({ field: 'privateKey' })
    })

    it('a private key that is not PEM', async () => {
      const error = await invalid({ ...trusted, privateKey: 'secret-material' })
      expect(error.message).toBe('The mTLS private key is not a PEM private key.')
    })

    it('a private key that belongs to another certificate', async () => {
      const error = await invalid({ ...trusted, privateKey: other.clientKey })
      expect(error.message).toBe('The mTLS private key does not belong to the client certificate.')
      expect(error.details).toEqual({ field: 'privateKey' })
    })

    it('a CA certificate that is not PEM', async () => {
      const error = await invalid({ ...trusted, caCertificate: 'secret-material' })
      expect(error.message).toBe('The mTLS CA certificate is not a PEM certificate.')
      expect(error.details).toEqual({ field: 'caCertificate' })
    })
  })
})
