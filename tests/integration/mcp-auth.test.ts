/**
 * Auth on MCP's HTTP transports, exactly as for REST: the environment's headers go on every request (the discovery
 * GET, each POST, the session's GET stream, the closing DELETE), the API-key query on every request URL (the legacy
 * transport's POST endpoint included), markers never on the wire; mTLS and the environment's TLS trust marker
 * through the transport's dispatchers. Against our lab server over HTTP and HTTPS (PKI made by openssl for this run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpPlugin } from '@wirebench/protocol-mcp'
import type { MtlsMarker } from '@wirebench/core'
import { contractContext } from '../contract/protocol-contract.js'
import { startLabServer } from '../servers/mcp/lab-server.js'
import type { LabRequest, LabServer } from '../servers/mcp/lab-server.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { failure } from '../support/workbench-failure.js'

const metadata = {
  authorization: 'Bearer env-token',
  'x-team': 'blue',
  __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: 'k-123' }),
}

function expectCredentials(requests: LabRequest[]): void {
  expect(requests.length).toBeGreaterThan(0)
  for (const request of requests) {
    expect(request.headers['authorization'], `${request.method} ${request.url}`).toBe('Bearer env-token')
    expect(request.headers['x-team'], `${request.method} ${request.url}`).toBe('blue')
    expect(request.url, `${request.method} ${request.url}`).toContain('api_key=k-123')
    expect(JSON.stringify(request.headers).toLowerCase()).not.toContain('__workbench')
  }
}

describe('headers and the API-key query on every request', () => {
  let lab: LabServer
  let wb: McpWorkbench

  beforeAll(async () => {
    ;[lab, wb] = await Promise.all([startLabServer(), startMcpWorkbench()])
  })
  afterAll(async () => {
    await wb?.close()
    await lab?.close()
  })

  it('Streamable HTTP: the probe, every POST, the GET stream and the DELETE', async () => {
    await wb.discover([lab.url], metadata)
    await wb.invoke({ url: lab.url, service: 'Tools', method: 'echo', messages: [{ message: 'x' }], metadata })
    await wb.invoke({ url: lab.url, service: 'Session', method: 'disconnect', messages: [{}], metadata })
    // Other plugins probe the URL too (gRPC reflection on its own path, GraphQL's GET with a query): MCP's requests are
    // its probe (accepting an event stream or JSON) and what went to /mcp with a session or an MCP message.
    const requests = lab
      .requests()
      .filter(
        (r) =>
          r.headers['accept'] === 'text/event-stream, application/json' ||
          r.headers['mcp-session-id'] !== undefined ||
          (r.method === 'POST' && r.url.startsWith('/mcp?')),
      )
    expect(new Set(requests.map((r) => r.method))).toEqual(new Set(['GET', 'POST', 'DELETE']))
    expect(requests.some((r) => r.method === 'GET' && r.headers['mcp-session-id'] !== undefined)).toBe(true)
    expectCredentials(requests)
  })

  it('legacy HTTP+SSE: the event stream and the POSTs to the endpoint it names', async () => {
    const before = lab.requests().length
    await wb.discover([`mcp@${lab.sseUrl}`], metadata)
    const requests = lab.requests().slice(before)
    expect(requests.some((r) => r.method === 'GET' && r.url.startsWith('/sse'))).toBe(true)
    expect(requests.some((r) => r.method === 'POST' && r.url.startsWith('/messages?sessionId='))).toBe(true)
    expectCredentials(requests)
  })
})

describe('TLS: the environment’s trust and mTLS', () => {
  let pki: TestPki
  let stranger: TestPki
  let mutual: LabServer
  let serverOnly: LabServer
  const plugin = createMcpPlugin()

  beforeAll(async () => {
    ;[pki, stranger] = await Promise.all([createTestPki(), createTestPki({ clientCommonName: 'stranger' })])
    ;[mutual, serverOnly] = await Promise.all([
      startLabServer({
        tls: { key: pki.serverKey, cert: pki.serverCertificate, ca: pki.caCertificate, requestCert: true },
      }),
      startLabServer({ tls: { key: pki.serverKey, cert: pki.serverCertificate } }),
    ])
  }, 30_000)
  afterAll(async () => {
    await plugin.dispose?.()
    await Promise.all([mutual?.close(), serverOnly?.close()])
  })

  const echo = (url: string, meta: Record<string, string>) =>
    plugin.invoke(
      { target: url, service: 'Tools', method: 'echo', messages: [{ message: 'tls' }] },
      contractContext({ metadata: meta }),
    )

  it('trusts a private CA given as the environment’s trust marker, without a client certificate', async () => {
    const trust = { __workbenchTrust__: JSON.stringify({ caCertificate: pki.caCertificate }) }
    expect((await echo(serverOnly.url, trust)).status).toBe('OK')
    const refused = await failure(echo(serverOnly.url, {}))
    expect(refused.code).toBe('upstream_unreachable')
    expect(refused.message).toMatch(/certificate/i)
  })

  it('presents the client certificate of the mTLS marker, never as a header', async () => {
    const marker: MtlsMarker = {
      certificate: pki.clientCertificate,
      privateKey: pki.clientKey,
      caCertificate: pki.caCertificate,
    }
    expect((await echo(mutual.url, { __workbenchMtls__: JSON.stringify(marker) })).status).toBe('OK')
    const seen = mutual.requests()
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((r) => r.clientCommonName === pki.clientCommonName)).toBe(true)
    expect(JSON.stringify(seen.map((r) => r.headers))).not.toContain('BEGIN')
  })

  it('fails clearly when the client certificate comes from a CA the server does not trust', async () => {
    const marker: MtlsMarker = {
      certificate: stranger.clientCertificate,
      privateKey: stranger.clientKey,
      caCertificate: pki.caCertificate,
    }
    const refused = await failure(echo(mutual.url, { __workbenchMtls__: JSON.stringify(marker) }))
    expect(refused.code).toBe('upstream_unreachable')
  })
})
