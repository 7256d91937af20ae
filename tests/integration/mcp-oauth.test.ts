/**
 * MCP authorization end to end (Connect, without the browser): a server behind the SDK's `requireBearerAuth` whose
 * authorization server is `oidc-provider` with dynamic registration. The workbench discovers the 401 and its
 * resource metadata, runs the discovery and registration steps, the provider's login and consent are walked over
 * HTTP to the workbench's callback URL, the code is traded for tokens the workbench keeps (never answered to the page),
 * tools are listed and called, the token is refreshed after it expired and after the server refused it, and
 * Disconnect forgets it.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MCP_AUTH_ROUTES } from '@wirebench/core'
import type { McpAuthStartResponse, McpAuthStatus } from '@wirebench/core'
import { startOAuthMcpServer } from '../servers/mcp/oauth-mcp-server.js'
import type { OAuthMcpServer } from '../servers/mcp/oauth-mcp-server.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'
import { followAuthorization } from '../servers/oidc/authorize.js'

const ttlSeconds = 4

describe('MCP authorization: Connect against oidc-provider and a requireBearerAuth server', () => {
  let server: OAuthMcpServer
  let wb: McpWorkbench

  beforeAll(async () => {
    ;[server, wb] = await Promise.all([startOAuthMcpServer({ accessTokenTtl: ttlSeconds }), startMcpWorkbench()])
  })
  afterAll(async () => {
    await wb?.close()
    await server?.close()
  })

  const post = async <T>(path: string, body: unknown): Promise<{ status: number; json: T; text: string }> => {
    const response = await wb.api(path, { body })
    const text = await response.text()
    return { status: response.status, json: JSON.parse(text) as T, text }
  }

  const echo = async (message: string) => {
    const result = await wb.invoke({ url: server.url, service: 'Tools', method: 'echo', messages: [{ message }] })
    return JSON.stringify(result)
  }

  it('discovers, connects, calls, refreshes after expiry and after a 401, and disconnects', async () => {
    const before = await wb.discover([`mcp@${server.url}`])
    const attempt = before.attempts.find((a) => a.pluginId === 'mcp')
    expect(attempt?.code).toBe('unauthorized')
    expect(attempt?.authChallenge?.resourceMetadata).toBe(server.resourceMetadataUrl)

    const redirectUri = `${wb.base}/oauth-callback`
    const started = await post<McpAuthStartResponse>(MCP_AUTH_ROUTES.start, {
      url: server.url,
      redirectUri,
      resourceMetadataUrl: attempt?.authChallenge?.resourceMetadata,
    })
    expect(started.status, started.text).toBe(200)
    expect(started.json.steps.map((s) => s.step)).toEqual(['resource-metadata', 'server-metadata', 'client'])
    expect(started.json.steps[2]?.detail).toMatch(/^Registered client /)
    const authorize = new URL(started.json.authorizationUrl)
    expect(authorize.origin).toBe(server.issuer)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('resource')).toBe(server.url)
    expect(authorize.searchParams.get('redirect_uri')).toBe(redirectUri)

    const back = await followAuthorization(started.json.authorizationUrl, redirectUri)
    expect(back.searchParams.get('state')).toBe(started.json.state)
    // oidc-provider sends `iss` (RFC 9207) and says so in its metadata: the callback page passes it along.
    expect(back.searchParams.get('iss')).toBe(server.issuer)
    const completed = await post<McpAuthStatus>(MCP_AUTH_ROUTES.complete, {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
      iss: back.searchParams.get('iss'),
    })
    expect(completed.status, completed.text).toBe(200)
    expect(completed.json).toMatchObject({ url: server.url, connected: true })
    expect(completed.json.expiresAt).toBeGreaterThan(Date.now())
    expect(completed.json.steps?.map((s) => s.step)).toContain('token')

    const found = await wb.discover([server.url])
    const tools = found.services.find((s) => s.name === 'Tools')
    expect(tools?.methods.map((m) => m.name).sort()).toEqual(['echo', 'whoami'])
    expect(await echo('hello')).toContain('hello')
    const firstToken = server.stats().seen.at(-1) ?? ''
    expect(firstToken).not.toBe('')
    // The page never sees a token: not in the Connect answers, not in the status.
    const status = await post<McpAuthStatus>(MCP_AUTH_ROUTES.status, { url: server.url })
    expect(status.json.connected).toBe(true)
    expect(status.json.steps?.map((s) => s.step)).toEqual(completed.json.steps?.map((s) => s.step))
    for (const text of [started.text, completed.text, status.text]) expect(text).not.toContain(firstToken)

    // Past the token's lifetime: the next call refreshes first and is never refused.
    await sleep(ttlSeconds * 1000 + 200)
    const refusedBefore = server.stats().refused
    expect(await echo('after expiry')).toContain('after expiry')
    const secondToken = server.stats().seen.at(-1) ?? ''
    expect(secondToken).not.toBe(firstToken)
    expect(server.stats().refused).toBe(refusedBefore)

    // The provider revokes the token: the server's 401 is answered with a refresh and one retry.
    await server.revoke(secondToken)
    expect(await echo('after revocation')).toContain('after revocation')
    expect(server.stats().refused).toBe(refusedBefore + 1)
    expect(server.stats().seen.at(-1)).not.toBe(secondToken)

    // A server that refuses even the freshly refreshed token: the hint says Reconnect and the status drops.
    server.refuseEveryToken(true)
    try {
      const still = await wb.invokeProblem({
        url: server.url,
        service: 'Tools',
        method: 'echo',
        messages: [{ message: 'refused' }],
      })
      expect(still.status).toBe(401)
      expect(still.hint).toMatch(/freshly refreshed token.*Reconnect/)
      const dropped = await post<McpAuthStatus>(MCP_AUTH_ROUTES.status, { url: server.url })
      expect(dropped.json.connected).toBe(false)
    } finally {
      server.refuseEveryToken(false)
    }

    const gone = await post<McpAuthStatus>(MCP_AUTH_ROUTES.disconnect, { url: server.url })
    expect(gone.json).toEqual({ url: server.url, connected: false })
    const problem = await wb.invokeProblem({
      url: server.url,
      service: 'Tools',
      method: 'echo',
      messages: [{ message: 'x' }],
    })
    expect(problem.status).toBe(401)
  })

  it('refuses a callback answer whose state matches no pending Connect', async () => {
    const answer = await post<{ code: string; detail: string }>(MCP_AUTH_ROUTES.complete, {
      state: 'forged',
      code: 'x',
    })
    expect(answer.status).toBe(403)
    expect(answer.text).toMatch(/state mismatch/)
  })
})
