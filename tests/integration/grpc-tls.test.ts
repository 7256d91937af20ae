/** gRPC over TLS and mTLS against real @grpc/grpc-js servers, with certificates made by openssl at test time. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { failure } from '../support/workbench-failure.js'

describe('gRPC over TLS', () => {
  let pki: TestPki
  let other: TestPki
  let tlsServer: LabServer
  let mtlsServer: LabServer
  const plugin = createGrpcPlugin()
  const marker = (fields: Record<string, unknown>) => ({ __workbenchMtls__: JSON.stringify(fields) })

  beforeAll(async () => {
    ;[pki, other] = await Promise.all([createTestPki(), createTestPki()])
    tlsServer = await startLabServer({ tls: { cert: pki.serverCertificate, key: pki.serverKey } })
    mtlsServer = await startLabServer({
      tls: { cert: pki.serverCertificate, key: pki.serverKey, clientCa: pki.caCertificate },
    })
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await Promise.all([tlsServer?.close(), mtlsServer?.close()])
  })

  it('refuses a server certificate from an unknown CA, saying what to configure', async () => {
    const error = await failure(plugin.discover({ kind: 'url', url: tlsServer.url }, testContext()))
    expect(error.code).toBe('upstream_unreachable')
    expect(error.message).toMatch(/TLS/)
    expect(error.hint).toMatch(/CA certificate/)
  })

  it('calls through mTLS with the client certificate and the CA of the marker', async () => {
    const metadata = marker({
      certificate: pki.clientCertificate,
      privateKey: pki.clientKey,
      caCertificate: pki.caCertificate,
    })
    const services = await plugin.discover({ kind: 'url', url: mtlsServer.url }, testContext({ metadata }))
    expect(services.map((s) => s.name)).toEqual(['wbtest.v1.Lab'])
    const target = mtlsServer.url
    const result = await plugin.invoke(
      { target, service: 'wbtest.v1.Lab', method: 'Echo', messages: [{ text: 'secure' }] },
      testContext({ metadata }),
    )
    expect(result).toMatchObject({ status: 'OK', response: { text: 'secure' } })
    // The marker never travels as metadata.
    expect(JSON.stringify(result.response)).not.toContain('BEGIN')
  })

  it('is refused by an mTLS server when the client certificate is from another CA', async () => {
    const plain = createGrpcPlugin()
    try {
      const anonymous = marker({
        certificate: other.clientCertificate,
        privateKey: other.clientKey,
        caCertificate: pki.caCertificate,
      })
      const error = await failure(
        plain.discover({ kind: 'url', url: mtlsServer.url }, testContext({ metadata: anonymous })),
      )
      expect(error.code).toBe('upstream_unreachable')
      expect(error.hint).toMatch(/client certificate/)
    } finally {
      await plain.dispose?.()
    }
  })

  it('accepts a self-signed or unknown server certificate only when the marker allows it', async () => {
    const metadata = marker({
      certificate: pki.clientCertificate,
      privateKey: pki.clientKey,
      allowSelfSigned: true,
    })
    const url = tlsServer.url.replace('https://', 'grpcs://')
    const services = await plugin.discover({ kind: 'url', url }, testContext({ metadata }))
    expect(services.map((s) => s.name)).toEqual(['wbtest.v1.Lab'])
  })

  it('refuses a client certificate for a plaintext address instead of dropping it', async () => {
    const server = await startLabServer()
    try {
      const metadata = marker({ certificate: pki.clientCertificate, privateKey: pki.clientKey })
      const error = await failure(plugin.discover({ kind: 'url', url: server.url }, testContext({ metadata })))
      expect(error.code).toBe('invalid_request')
      expect(error.hint).toMatch(/https/)
    } finally {
      await server.close()
    }
  })
})
