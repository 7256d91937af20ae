/**
 * MCP authorization refuses endpoints it must not reach, before sending them anything: an authorization server
 * metadata document naming plain-http endpoints on another machine (`0.0.0.0`, which this machine answers itself, so a
 * request would land on the spy), and, under a policy that blocks private targets (embedded mode), endpoints on a
 * private address the policy does not allow. A spy listens where the endpoints point and must see no request.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MCP_AUTH_ROUTES, WorkbenchError } from '@wirebench/core'
import type { Problem } from '@wirebench/core'
import { createMcpAuthorizations } from '@wirebench/protocol-mcp/oauth'
import { createDispatcherFactory } from '@wirebench/transport'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'

interface Listening {
  server: Server
  base: string
  port: number
  requests: IncomingMessage[]
}

async function listen(host: string, handle: (request: IncomingMessage) => unknown): Promise<Listening> {
  const requests: IncomingMessage[] = []
  const server = createServer((request, response) => {
    requests.push(request)
    const body = handle(request)
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body ?? { error: 'not found' }))
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const port = (server.address() as AddressInfo).port
  return { server, base: `http://${host}:${port}`, port, requests }
}

const close = (l: Listening | undefined) =>
  new Promise<void>((resolve) => {
    if (!l) return resolve()
    l.server.closeAllConnections()
    l.server.close(() => resolve())
  })

describe('authorization endpoints are checked before anything is sent to them', () => {
  let spy: Listening
  let privateSpy: Listening
  let metadata: Listening
  let wb: McpWorkbench
  // The endpoints the next metadata document names.
  let endpointBase = ''

  beforeAll(async () => {
    spy = await listen('127.0.0.1', () => ({}))
    // 127.0.0.2 is a loopback address of its own: private under the embedded policy, which allows 127.0.0.1 only.
    privateSpy = await listen('127.0.0.2', () => ({}))
    metadata = await listen('127.0.0.1', (request) => {
      if (request.url === '/.well-known/oauth-protected-resource/mcp') {
        return { resource: `${metadata.base}/mcp`, authorization_servers: [metadata.base] }
      }
      if (request.url === '/.well-known/oauth-protected-resource/m/prefix/mcp') {
        // A resource that shares only a string prefix with the server's path, not a path segment.
        return { resource: `${metadata.base}/m/prefix/mc`, authorization_servers: [metadata.base] }
      }
      if (request.url === '/.well-known/oauth-protected-resource/other-issuer/mcp') {
        return { resource: `${metadata.base}/other-issuer/mcp`, authorization_servers: [`${metadata.base}/as2`] }
      }
      if (request.url === '/.well-known/oauth-authorization-server/as2') {
        // Metadata served for /as2 that claims to be another issuer (RFC 8414 §3.3 forbids using it).
        return {
          issuer: 'https://issuer.example',
          authorization_endpoint: `${spy.base}/authorize`,
          token_endpoint: `${spy.base}/token`,
          registration_endpoint: `${spy.base}/register`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        }
      }
      if (request.url === '/.well-known/oauth-authorization-server') {
        return {
          issuer: metadata.base,
          authorization_endpoint: `${endpointBase}/authorize`,
          token_endpoint: `${endpointBase}/token`,
          registration_endpoint: `${endpointBase}/register`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        }
      }
      return undefined
    })
    wb = await startMcpWorkbench()
  })
  afterAll(async () => {
    await wb?.close()
    await Promise.all([close(spy), close(privateSpy), close(metadata)])
  })
  beforeEach(() => {
    spy.requests.length = 0
    privateSpy.requests.length = 0
  })

  it('refuses plain-http endpoints on another machine with a problem naming the endpoint; the spy sees nothing', async () => {
    endpointBase = `http://0.0.0.0:${spy.port}`
    const response = await wb.api(MCP_AUTH_ROUTES.start, {
      body: { url: `${metadata.base}/mcp`, redirectUri: `${wb.base}/oauth-callback` },
    })
    const problem = (await response.json()) as Problem
    expect(spy.requests).toHaveLength(0)
    expect(response.status).toBe(403)
    expect(problem.code).toBe('blocked_target')
    expect(problem.detail).toContain(`authorization endpoint http://0.0.0.0:${spy.port}/authorize is plain http`)
    expect(problem.hint).toMatch(/https/)
    // The metadata was read; nothing went further.
    expect(metadata.requests.length).toBeGreaterThan(0)
  })

  it('refuses a redirect URI other than the workbench callback before any metadata is read', async () => {
    const before = metadata.requests.length
    const response = await wb.api(MCP_AUTH_ROUTES.start, {
      body: { url: `${metadata.base}/mcp`, redirectUri: `http://127.0.0.1:${spy.port}/steal` },
    })
    const problem = (await response.json()) as Problem
    expect(response.status).toBe(400)
    expect(problem.detail).toMatch(/redirect URI must be the workbench’s own \/oauth-callback/)
    expect(metadata.requests.length).toBe(before)
    expect(spy.requests).toHaveLength(0)
  })

  it('refuses an /oauth-callback on another host before any metadata or registration request', async () => {
    const before = metadata.requests.length
    for (const redirectUri of ['https://evil.example/oauth-callback', `http://127.0.0.1:${spy.port}/oauth-callback`]) {
      const response = await wb.api(MCP_AUTH_ROUTES.start, { body: { url: `${metadata.base}/mcp`, redirectUri } })
      const problem = (await response.json()) as Problem
      expect(response.status).toBe(400)
      expect(problem.detail).toMatch(/redirect URI must be the workbench’s own \/oauth-callback/)
    }
    expect(metadata.requests.length).toBe(before)
    expect(spy.requests).toHaveLength(0)
  })

  it('refuses resource metadata whose resource is only a string prefix of the server path', async () => {
    endpointBase = spy.base
    const before = metadata.requests.length
    const response = await wb.api(MCP_AUTH_ROUTES.start, {
      body: { url: `${metadata.base}/m/prefix/mcp`, redirectUri: `${wb.base}/oauth-callback` },
    })
    const problem = (await response.json()) as Problem
    expect(problem.detail).toContain('names another resource')
    expect(metadata.requests.slice(before).map((r) => r.url)).not.toContain('/.well-known/oauth-authorization-server')
    expect(spy.requests).toHaveLength(0)
  })

  it('refuses authorization server metadata whose issuer is not the server it came from', async () => {
    const response = await wb.api(MCP_AUTH_ROUTES.start, {
      body: { url: `${metadata.base}/other-issuer/mcp`, redirectUri: `${wb.base}/oauth-callback` },
    })
    const problem = (await response.json()) as Problem
    expect(response.status).toBe(502)
    expect(problem.detail).toContain('names another issuer (https://issuer.example)')
    expect(spy.requests).toHaveLength(0)
  })

  it('refuses a callback whose iss is another issuer before the code reaches the token endpoint', async () => {
    endpointBase = spy.base
    // A given client id: no registration, so the spy (the token endpoint) sees nothing unless the code is exchanged.
    const started = await wb.api(MCP_AUTH_ROUTES.start, {
      body: { url: `${metadata.base}/mcp`, redirectUri: `${wb.base}/oauth-callback`, clientId: 'given' },
    })
    expect(started.status).toBe(200)
    const { state } = (await started.json()) as { state: string }
    const response = await wb.api(MCP_AUTH_ROUTES.complete, {
      body: { state, code: 'the-code', iss: 'https://mix-up.example' },
    })
    const problem = (await response.json()) as Problem
    expect(response.status).toBe(403)
    expect(problem.detail).toContain(`another issuer (https://mix-up.example) than the one asked (${metadata.base})`)
    expect(spy.requests).toHaveLength(0)
  })

  it('says in one sentence which field of an invalid registration answer is wrong', async () => {
    // The spy answers `{}` to the registration: no client_id.
    endpointBase = spy.base
    const response = await wb.api(MCP_AUTH_ROUTES.start, {
      body: { url: `${metadata.base}/mcp`, redirectUri: `${wb.base}/oauth-callback` },
    })
    const problem = (await response.json()) as Problem
    expect(response.status).toBe(502)
    expect(problem.detail).toMatch(/^Could not register a client: the authorization server's answer is not valid OAuth/)
    expect(problem.detail).toContain('the field redirect_uris')
    expect(problem.detail).not.toContain('[')
    expect(problem.hint).toMatch(/OAuth authorization server/)
  })

  it('refuses a redirect from the registration endpoint as such, not as an outage', async () => {
    const redirector = createServer((request, response) => {
      response.writeHead(307, { location: `${spy.base}/register` })
      response.end()
    })
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve))
    endpointBase = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`
    try {
      const response = await wb.api(MCP_AUTH_ROUTES.start, {
        body: { url: `${metadata.base}/mcp`, redirectUri: `${wb.base}/oauth-callback` },
      })
      const problem = (await response.json()) as Problem
      expect(problem.detail).toContain('answered a redirect (HTTP 307')
      expect(problem.detail).toContain('redirect refused')
      expect(problem.upstreamStatus).not.toBe(503)
      expect(spy.requests).toHaveLength(0)
    } finally {
      redirector.closeAllConnections()
      await new Promise<void>((resolve) => redirector.close(() => resolve()))
    }
  })

  it('refuses endpoints on a private address the embedded policy does not allow; the spy sees nothing', async () => {
    endpointBase = privateSpy.base
    const outbound = { blockPrivate: true, allowHosts: ['127.0.0.1'] }
    const authorizations = createMcpAuthorizations({
      outbound,
      dispatchers: createDispatcherFactory({ outbound }),
      timeoutMs: 5_000,
      maxResponseBytes: 64 * 1024,
    })
    try {
      const refused = await authorizations
        .start({ url: `${metadata.base}/mcp`, redirectUri: 'http://localhost:5080/oauth-callback' })
        .then(
          () => undefined,
          (error: unknown) => error,
        )
      expect(privateSpy.requests).toHaveLength(0)
      expect(refused).toBeInstanceOf(WorkbenchError)
      expect((refused as WorkbenchError).code).toBe('blocked_target')
      expect((refused as WorkbenchError).message).toMatch(
        /authorization endpoint is refused: 127\.0\.0\.2 is a private/,
      )
    } finally {
      await authorizations.close()
    }
  })
})
