/**
 * An MCP server protected by MCP authorization, and its authorization server, both on 127.0.0.1:0:
 * - the authorization server is `oidc-provider` (a certified OP) with dynamic client registration (RFC 7591), PKCE
 *   required, resource indicators (RFC 8707: tokens are issued for the MCP server's URL) and refresh tokens; its
 *   dev login form accepts any login and password;
 * - the MCP server is the SDK's `McpServer` over Streamable HTTP behind the SDK's `requireBearerAuth`, whose verifier
 *   looks the token up at the provider (its audience must be the MCP server), and it serves its protected-resource
 *   metadata (RFC 9728) at `/.well-known/oauth-protected-resource/mcp`.
 * Tools: `echo` and `whoami` (the token's subject). Counters say how many tokens were verified and refused.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js'
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js'
import Provider from 'oidc-provider'
import type { Configuration } from 'oidc-provider'
import { z } from 'zod'

export interface OAuthMcpServer {
  /** The MCP endpoint (`…/mcp`). */
  url: string
  issuer: string
  resourceMetadataUrl: string
  /** Tokens accepted and refused by the MCP server, and the tokens it saw (to revoke one in a test). */
  stats(): { accepted: number; refused: number; seen: string[] }
  /** Revokes an access token at the provider (the next use is a 401). */
  revoke(token: string): Promise<void>
  /** While on, the MCP server refuses every token, even one the provider just issued. */
  refuseEveryToken(on: boolean): void
  close(): Promise<void>
}

export interface OAuthMcpServerOptions {
  /** Access token lifetime in seconds (default 300). */
  accessTokenTtl?: number
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of request) text += (chunk as Buffer).toString('utf8')
  return text
}

type Middleware = ReturnType<typeof requireBearerAuth>

/**
 * Runs the SDK's Express-style bearer middleware on a plain Node request: the few response methods it calls
 * (`set`, `status`, `json`) are given, and `next()` means the token passed. Resolves its AuthInfo, or undefined when
 * the middleware answered (401/403).
 */
function checkBearer(bearer: Middleware, request: IncomingMessage, response: ServerResponse) {
  const res = Object.assign(response, {
    set: (name: string, value: string) => (response.setHeader(name, value), res),
    status: (code: number) => ((response.statusCode = code), res),
    json: (body: unknown) => (
      response.setHeader('content-type', 'application/json'),
      response.end(JSON.stringify(body)),
      res
    ),
  })
  const req = request as IncomingMessage & { auth?: AuthInfo }
  return new Promise<AuthInfo | undefined>((resolve) => {
    response.on('finish', () => resolve(undefined))
    void (bearer as unknown as (q: unknown, s: unknown, n: () => void) => Promise<void>)(req, res, () =>
      resolve(req.auth),
    )
  })
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}

export async function startOAuthMcpServer(options: OAuthMcpServerOptions = {}): Promise<OAuthMcpServer> {
  const asServer = createServer()
  const mcpServer = createServer()
  const [issuer, mcpBase] = await Promise.all([listen(asServer), listen(mcpServer)])
  const url = `${mcpBase}/mcp`
  const resourceMetadataUrl = `${mcpBase}/.well-known/oauth-protected-resource/mcp`
  const ttl = options.accessTokenTtl ?? 300

  const configuration: Configuration = {
    clients: [],
    scopes: ['openid', 'offline_access', 'mcp:tools'],
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => url,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== url) throw new Error(`unknown resource ${resource}`)
          return { scope: 'mcp:tools', audience: url, accessTokenTTL: ttl, accessTokenFormat: 'opaque' }
        },
      },
    },
    pkce: { required: () => true },
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    findAccount: (_ctx, sub) => Promise.resolve({ accountId: sub, claims: () => Promise.resolve({ sub }) }),
    ttl: { AccessToken: ttl, Interaction: 600, Session: 3600, Grant: 3600, IdToken: 300, RefreshToken: 3600 },
    cookies: { keys: ['wirebench-mcp-oauth-test-key'] },
  }
  const provider = new Provider(issuer, configuration)
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error))
  const handle = provider.callback()
  asServer.on('request', (request, response) => void handle(request, response))

  let accepted = 0
  let refused = 0
  let refuseAll = false
  const seen: string[] = []
  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      seen.push(token)
      const found = await provider.AccessToken.find(token)
      if (!found || found.isExpired || refuseAll) {
        refused++
        throw new InvalidTokenError('unknown or expired token')
      }
      accepted++
      return {
        token,
        clientId: found.clientId ?? '',
        scopes: (found.scope ?? '').split(' ').filter(Boolean),
        ...(found.exp === undefined ? {} : { expiresAt: found.exp }),
        resource: new URL(String(found.aud)),
        extra: { sub: found.accountId },
      }
    },
  }

  const bearer = requireBearerAuth({ verifier, resourceMetadataUrl, expectedResource: new URL(url) })
  mcpServer.on('request', (request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (path === '/.well-known/oauth-protected-resource/mcp') {
      return sendJson(response, 200, {
        resource: url,
        authorization_servers: [issuer],
        scopes_supported: ['mcp:tools', 'offline_access'],
        bearer_methods_supported: ['header'],
      })
    }
    if (path !== '/mcp') return sendJson(response, 404, { error: 'not found' })
    void checkBearer(bearer, request, response).then(async (auth) => {
      if (auth === undefined) return
      // Stateless, as in the SDK's own example: no GET stream and no session to delete.
      if (request.method !== 'POST') {
        return sendJson(response, 405, {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed.' },
          id: null,
        })
      }
      const server = new McpServer({ name: 'oauth-protected', version: '1.0.0' })
      server.registerTool('echo', { inputSchema: { message: z.string() } }, ({ message }) => ({
        content: [{ type: 'text', text: message }],
      }))
      server.registerTool('whoami', {}, (extra) => ({
        content: [{ type: 'text', text: `subject ${String(extra.authInfo?.extra?.['sub'])}` }],
      }))
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
      response.on('close', () => void transport.close())
      const body = JSON.parse(await readBody(request)) as unknown
      await server.connect(transport)
      await transport.handleRequest(Object.assign(request, { auth }), response, body)
    })
  })

  return {
    url,
    issuer,
    resourceMetadataUrl,
    stats: () => ({ accepted, refused, seen: [...seen] }),
    async revoke(token) {
      const found = await provider.AccessToken.find(token)
      await found?.destroy()
    },
    refuseEveryToken: (on) => (refuseAll = on),
    close: () => Promise.all([close(asServer), close(mcpServer)]).then(() => undefined),
  }
}
