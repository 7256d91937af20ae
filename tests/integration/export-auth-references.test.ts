/**
 * Code export never spells out a credential the page's auth step computed: a Basic pair in base64, an OAuth token
 * (client credentials, authorization code), a custom token, a signed JWT, an API key in a header or the query. The
 * page's export path (`withOutgoingAuth`, the real API and token clients) prepares each call with the real auth
 * pipeline and a token endpoint on 127.0.0.1 reached through the workbench's token proxy, and the real server writes
 * every format family (shell, Python, JavaScript, grpcurl, wscat/websocat, wirebench call): the canary is in none of
 * them unless secrets are included. The server's environment store is empty, so only the page can name these values.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { basicCredentials, createAuthCaches, prepareCall } from '@wirebench/auth'
import type { AuthCaches, AuthConfig, Environment } from '@wirebench/auth'
import type { ExportFormat, InvokeRequest } from '@wirebench/core'
import { createApiClient } from '../../packages/ui/src/api/api-client.js'
import type { ApiClient } from '../../packages/ui/src/api/api-client.js'
import { createTokenClient } from '../../packages/ui/src/api/token-client.js'
import { withOutgoingAuth } from '../../packages/ui/src/state/outgoing-api.js'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

const TOKEN_CANARY = 'canary-tok-7d41e0b2'
const PASSWORD_CANARY = 'canary-pw-51c9'
const KEY_CANARY = 'canary-key-a83f'
const JWT_SECRET_CANARY = 'canary-jwt-secret-0f3b9e'

let wb: TestWorkbench
let lab: LabServer
let tokens: Server
let tokenOrigin: string
let wss: WebSocketServer
let wsUrl: string
let wsService: string
let api: ApiClient

beforeAll(async () => {
  // Every token request (client credentials, code exchange, custom token) gets the canary.
  tokens = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ access_token: TOKEN_CANARY, token_type: 'Bearer', expires_in: 3600 }))
    })
  })
  await new Promise<void>((resolve) => tokens.listen(0, '127.0.0.1', resolve))
  tokenOrigin = `http://127.0.0.1:${(tokens.address() as AddressInfo).port}`
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => wss.once('listening', resolve))
  wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/chat`
  ;[wb, lab] = await Promise.all([startWorkbench(), startLabServer()])
  api = createApiClient({ prefix: wb.base, getToken: () => wb.token })
  const discovered = await api.discover({ urls: [wsUrl, `grpc@${lab.url}`] })
  wsService = discovered.services.find((s) => s.protocol === 'websocket')!.name
})

afterAll(async () => {
  await wb?.close()
  await lab?.close()
  await new Promise<void>((resolve) => wss?.close(() => resolve()))
  await new Promise<void>((resolve) => tokens?.close(() => resolve()))
})

interface AuthCase {
  kind: string
  auth: () => AuthConfig
  /** What the auth step computes from the configuration: none of it may reach a snippet. */
  computed: readonly string[]
  /** How the snippet writes the credential instead (not for gRPC's API key in the query: gRPC has no query). */
  reference: string
  /** Signs in first (authorization code). */
  prepare?: (caches: AuthCaches, environment: Environment) => Promise<void>
}

const cases: AuthCase[] = [
  {
    kind: 'basic',
    auth: () => ({ type: 'basic', username: 'alice', password: PASSWORD_CANARY }),
    computed: [basicCredentials('alice', PASSWORD_CANARY).slice('Basic '.length), PASSWORD_CANARY],
    reference: 'Basic ${basicCredentials}',
  },
  {
    kind: 'bearer',
    auth: () => ({ type: 'bearer', token: TOKEN_CANARY }),
    computed: [TOKEN_CANARY],
    reference: 'Bearer ${accessToken}',
  },
  {
    kind: 'apikey in a header',
    auth: () => ({ type: 'apikey', key: 'X-API-Key', value: KEY_CANARY, location: 'header' }),
    computed: [KEY_CANARY],
    reference: '${xApiKey}',
  },
  {
    kind: 'apikey in the query',
    auth: () => ({ type: 'apikey', key: 'api_key', value: KEY_CANARY, location: 'query' }),
    computed: [KEY_CANARY],
    reference: '${apiKey}',
  },
  {
    kind: 'oauth2 client credentials',
    auth: () => ({
      type: 'oauth2_cc',
      tokenUrl: `${tokenOrigin}/token`,
      clientId: 'wb',
      clientSecret: 'client-secret-9e1f',
      scope: '',
      audience: '',
    }),
    computed: [TOKEN_CANARY, 'client-secret-9e1f'],
    reference: 'Bearer ${accessToken}',
  },
  {
    kind: 'oauth2 authorization code',
    auth: () => ({
      type: 'oauth2_ac',
      authorizationUrl: `${tokenOrigin}/authorize`,
      tokenUrl: `${tokenOrigin}/token`,
      clientId: 'wb',
      clientSecret: '',
      scope: '',
    }),
    computed: [TOKEN_CANARY],
    reference: 'Bearer ${accessToken}',
    async prepare(caches, environment) {
      const config = environment.auth as Extract<AuthConfig, { type: 'oauth2_ac' }>
      const { state } = await caches.authorizationCode.startAuthorization({
        environmentId: environment.id,
        config,
        redirectUri: 'http://localhost:1/oauth-callback',
      })
      await caches.authorizationCode.completeAuthorization({ code: 'c0de', state, tokenClient: createTokenClient(api) })
    },
  },
  {
    kind: 'custom token',
    auth: () => ({
      type: 'custom_token',
      tokenUrl: `${tokenOrigin}/login`,
      tokenMethod: 'POST',
      tokenContentType: 'application/json',
      tokenBody: '{"user":"alice"}',
      tokenHeaders: '{}',
      tokenJsonPath: 'access_token',
      expiresInJsonPath: '',
      tokenPrefix: 'Token ',
    }),
    computed: [TOKEN_CANARY],
    reference: 'Token ${tokenCredentials}',
  },
  {
    kind: 'signed JWT',
    auth: () => ({
      type: 'jwt',
      algorithm: 'HS256',
      header: '{}',
      payload: '{"sub":"alice"}',
      secret: JWT_SECRET_CANARY,
    }),
    // Every signed JWT starts with the base64url of `{"` (its header object).
    computed: ['eyJ', JWT_SECRET_CANARY],
    reference: 'Bearer ${accessToken}',
  },
]

interface Target {
  family: string
  formats: readonly ExportFormat[]
  request: () => InvokeRequest
}

const targets: Target[] = [
  {
    family: 'HTTP (shell, Python, JavaScript, wirebench)',
    formats: ['curl', 'httpie', 'python-requests', 'python-httpx', 'javascript-fetch', 'wirebench'],
    request: () => ({
      protocol: 'http',
      url: 'http://127.0.0.1:9/api',
      service: 'HTTP',
      method: 'request',
      messages: [{ method: 'GET', url: '/items?page=1', headers: { 'x-trace': 't-1' } }],
    }),
  },
  {
    family: 'WebSocket (wscat, websocat, wirebench)',
    formats: ['wscat', 'websocat', 'wirebench'],
    request: () => ({ protocol: 'websocket', url: wsUrl, service: wsService, method: 'connect', messages: ['hi'] }),
  },
  {
    family: 'gRPC (grpcurl, wirebench)',
    formats: ['grpcurl', 'wirebench'],
    request: () => ({
      protocol: 'grpc',
      url: lab.url,
      service: 'wbtest.v1.Lab',
      method: 'Echo',
      messages: [{ text: 'hi' }],
    }),
  },
]

/** The page's session for one environment: the real pipeline, the real token client over the workbench's proxy. */
async function sessionFor(auth: AuthCase) {
  const environment: Environment = { id: 'env-canary', name: 'Dev', vars: {}, auth: auth.auth() }
  const caches = createAuthCaches()
  await auth.prepare?.(caches, environment)
  const tokenClient = createTokenClient(api)
  return {
    prepareOutgoingCall: async (call: Parameters<typeof prepareCall>[0] & { signal?: AbortSignal }) => {
      const prepared = await prepareCall({ ...call, environment, caches, tokenClient })
      return { ...prepared, credentials: { sent: true, reason: 'approved' as const } }
    },
    prepareDiscovery: () => Promise.resolve({}),
    discoveryUrl: (url: string) => url,
  }
}

describe.each(targets)('$family', (target) => {
  it.each(cases)('writes a $kind credential as a reference in every format', async (auth) => {
    const session = await sessionFor(auth)
    const outgoing = withOutgoingAuth(api, session)
    const grpcQueryKey = target.request().protocol === 'grpc' && auth.kind === 'apikey in the query'
    for (const format of target.formats) {
      const { snippet } = await outgoing.exportCall({ ...target.request(), format, variables: [] })
      for (const value of auth.computed) expect(snippet, `${format}: ${snippet}`).not.toContain(value)
      // `wirebench call --env` runs the auth itself; the other formats name the credential.
      if (format !== 'wirebench' && !grpcQueryKey) {
        expect(snippet, format).toContain(auth.reference)
      }
    }
    // Included on request: the snippet then runs as is.
    if (!grpcQueryKey) {
      const { snippet } = await outgoing.exportCall({
        ...target.request(),
        format: target.formats[0]!,
        includeSecrets: true,
      })
      expect(snippet).toContain(auth.computed[0] === 'eyJ' ? 'Bearer eyJ' : auth.computed[0])
    }
  })
})
