/**
 * Auth and TLS of the SignalR plugin against OUR hub server (written from the SignalR specs): a bearer token on
 * negotiate and as `access_token` on WebSockets and SSE, an API key in the connect URL's query, the mTLS client
 * certificate on negotiate and every transport (and the trust settings alone), a refused connection named as such,
 * and a negotiate redirect followed with its own token — the environment's headers never reach the other origin.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Call, ProtocolPlugin } from '@wirebench/core'
import type { HubServer } from '@wirebench/demo'
import { createSignalrPlugin } from '@wirebench/protocol-signalr'
import { testContext } from '../servers/rest/call-context.js'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { failure } from '../support/workbench-failure.js'

const token = 'hub-token-5f2c'
const transports = ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const

let plugin: ProtocolPlugin
let secured: HubServer
let redirectTarget: HubServer
let redirector: HubServer
let tlsHub: HubServer
let redirectToLocalhost: HubServer
let httpRedirect: HubServer
let guarded: ProtocolPlugin
let pki: TestPki
const redirectTargetRequests: IncomingMessage['headers'][] = []

beforeAll(async () => {
  plugin = createSignalrPlugin()
  pki = await createTestPki()
  secured = await startTestHubServer({
    authorize: (auth) => auth.bearer === token || auth.accessTokenQuery === token || auth.query['api_key'] === 'k-1',
  })
  redirectTarget = await startTestHubServer(
    { authorize: (auth) => auth.bearer === 'redirect-token' || auth.accessTokenQuery === 'redirect-token' },
    {
      intercept: (request) => {
        redirectTargetRequests.push(request.headers)
        return false
      },
    },
  )
  redirector = await startTestHubServer({
    redirect: () => ({ url: redirectTarget.url('/hubs/test'), accessToken: 'redirect-token' }),
  })
  // Sends the client on to `localhost`, which a policy allowing only 127.0.0.1 refuses.
  redirectToLocalhost = await startTestHubServer({
    redirect: () => ({ url: redirectTarget.url('/hubs/test').replace('127.0.0.1', 'localhost'), accessToken: 't' }),
  })
  guarded = createSignalrPlugin({ outbound: { blockPrivate: true, allowHosts: ['127.0.0.1'] } })
  // Answers negotiate with an HTTP 307 elsewhere, as ASP.NET Core's UseHttpsRedirection does.
  httpRedirect = await startTestHubServer(
    {},
    {
      intercept: (request, response) => {
        if (!(request.url ?? '').includes('/negotiate')) return false
        response.writeHead(307, { location: redirectTarget.url('/hubs/test/negotiate?negotiateVersion=1') }).end()
        return true
      },
    },
  )
  tlsHub = await startTestHubServer(
    {},
    {
      tls: {
        cert: pki.serverCertificate,
        key: pki.serverKey,
        ca: pki.caCertificate,
        requestCert: true,
        rejectUnauthorized: false,
      },
    },
  )
})

afterAll(async () => {
  await plugin?.dispose?.()
  await guarded?.dispose?.()
  await Promise.all(
    [secured, redirectTarget, redirector, tlsHub, redirectToLocalhost, httpRedirect].map((server) => server?.close()),
  )
})

const whoAmI = (url: string, transport: string, protocol = 'json'): Call => ({
  target: url,
  service: 'test',
  method: 'invoke',
  messages: [{ target: 'WhoAmI', transport, protocol }],
})

describe.each(transports)('auth over %s', (transport) => {
  it('sends the bearer token to negotiate and the transport (access_token on WebSockets and SSE)', async () => {
    const result = await plugin.invoke(
      whoAmI(secured.url('/hubs/test'), transport),
      testContext({ metadata: { Authorization: `Bearer ${token}` } }),
    )
    expect(result.status).toBe('OK')
    // What was sent is shown with the token masked.
    expect(result.sent).toMatchObject({ method: 'Invocation', body: expect.stringContaining('WhoAmI') as unknown })
    expect(JSON.stringify(result.sent)).not.toContain(token)
    const who = result.response as { bearer?: string; accessTokenQuery?: string; transport: string }
    expect(who.transport).toBe(transport)
    if (transport === 'LongPolling') expect(who.bearer).toBe(token)
    else expect(who.accessTokenQuery).toBe(token)
  })

  it('puts the API key of the query marker on the connect URL', async () => {
    const result = await plugin.invoke(
      whoAmI(secured.url('/hubs/test'), transport),
      testContext({ metadata: { __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: 'k-1' }) } }),
    )
    expect((result.response as { query: Record<string, string> }).query['api_key']).toBe('k-1')
    expect(JSON.stringify(result.sent)).not.toContain('k-1')
  })

  it('presents the mTLS client certificate on negotiate and the transport', async () => {
    const marker = { certificate: pki.clientCertificate, privateKey: pki.clientKey, caCertificate: pki.caCertificate }
    const result = await plugin.invoke(
      whoAmI(tlsHub.url('/hubs/test'), transport),
      testContext({ metadata: { __workbenchMtls__: JSON.stringify(marker) } }),
    )
    expect(result.response).toMatchObject({ clientCertificate: pki.clientCommonName, transport })
  })
})

describe('refusals and trust', () => {
  it('names a refused connection and what to check, without the token', async () => {
    const error = await failure(
      plugin.invoke(
        whoAmI(secured.url('/hubs/test'), 'auto'),
        testContext({ metadata: { Authorization: 'Bearer wrong-token' } }),
      ),
    )
    expect(error.message).toMatch(/refused the connection: HTTP 401/)
    expect(error.hint).toMatch(/bearer token/)
    expect(JSON.stringify(error)).not.toContain('wrong-token')
  })

  it('names a refused WebSocket upgrade (skipNegotiation) the same way, with the hint', async () => {
    const call = whoAmI(secured.url('/hubs/test'), 'WebSockets')
    call.messages = [{ target: 'WhoAmI', transport: 'WebSockets', skipNegotiation: true }]
    const error = await failure(plugin.invoke(call, testContext({ metadata: { Authorization: 'Bearer wrong-token' } })))
    expect(error.message).toMatch(/refused the connection: HTTP 401/)
    expect(error.hint).toMatch(/bearer token/)
    expect(JSON.stringify(error)).not.toContain('wrong-token')
  })

  it('trusts a private CA from the environment’s trust settings alone, and refuses it without them', async () => {
    const url = tlsHub.url('/hubs/test')
    const trusted = await plugin.invoke(
      whoAmI(url, 'WebSockets', 'messagepack'),
      testContext({ metadata: { __workbenchTrust__: JSON.stringify({ caCertificate: pki.caCertificate }) } }),
    )
    expect(trusted.response).toMatchObject({ transport: 'WebSockets', protocol: 'messagepack' })
    const refused = await failure(plugin.invoke(whoAmI(url, 'LongPolling'), testContext()))
    expect(refused.code).toMatch(/tls|upstream_unreachable|upstream_error/)
  })
})

describe('negotiate redirect', () => {
  it('follows the redirect with its own access token and sends none of the environment’s credentials there', async () => {
    redirectTargetRequests.length = 0
    for (const transport of transports) {
      const result = await plugin.invoke(
        whoAmI(redirector.url('/hubs/test'), transport),
        testContext({ metadata: { Authorization: `Bearer ${token}`, 'X-Env-Secret': 'do-not-forward' } }),
      )
      const who = result.response as { bearer?: string; accessTokenQuery?: string; transport: string }
      expect(who.transport).toBe(transport)
      expect(who.bearer ?? who.accessTokenQuery).toBe('redirect-token')
    }
    expect(redirectTargetRequests.length).toBeGreaterThan(3)
    const leaked = JSON.stringify(redirectTargetRequests)
    expect(leaked).not.toContain('do-not-forward')
    expect(leaked).not.toContain(token)
  })
})

describe('what a redirected call reports', () => {
  it.each(transports)(
    'shows the address the connection used after the redirect, and only the headers that went there (%s)',
    async (transport) => {
      const result = await plugin.invoke(
        whoAmI(redirector.url('/hubs/test'), transport),
        testContext({ metadata: { Authorization: `Bearer ${token}`, 'X-Env-Secret': 'do-not-forward' } }),
      )
      const sent = result.sent!
      expect(sent.url).toBe(redirectTarget.url('/hubs/test'))
      expect(result.metadata['redirected_to']).toBe(redirectTarget.url('/hubs/test'))
      const names = sent.headers.map(([name]) => name)
      expect(names).not.toContain('x-env-secret')
      // The redirect's own token went there, masked.
      expect(sent.headers).toContainEqual(['authorization', '***'])
      expect(JSON.stringify(sent)).not.toContain('redirect-token')
    },
  )

  it('names where a redirect sent a live connection in its headers', async () => {
    const channel = await plugin.openChannel!(
      { target: redirector.url('/hubs/test'), service: 'test', method: 'connection', messages: [{}] },
      testContext(),
    )
    let metadata: Record<string, string> | undefined
    try {
      for await (const frame of channel.frames()) {
        if (frame.type !== 'headers') continue
        metadata = frame.metadata
        break
      }
    } finally {
      await channel.dispose()
    }
    expect(metadata?.['redirected_to']).toBe(redirectTarget.url('/hubs/test'))
  })

  it('shows the hub’s own address and headers when nothing redirected', async () => {
    const result = await plugin.invoke(
      whoAmI(secured.url('/hubs/test'), 'WebSockets'),
      testContext({ metadata: { Authorization: `Bearer ${token}`, 'X-Note': 'kept' } }),
    )
    expect(result.sent?.url).toBe(secured.url('/hubs/test'))
    expect(result.sent?.headers).toContainEqual(['x-note', 'kept'])
  })

  it('names a redirect the outbound policy refuses, with what to do, and never calls that address', async () => {
    const before = redirectTargetRequests.length
    const error = await failure(guarded.invoke(whoAmI(redirectToLocalhost.url('/hubs/test'), 'auto'), testContext()))
    expect(error.code).toBe('blocked_target')
    expect(error.message).toMatch(/redirected the connection .*localhost.* outbound policy refuses/)
    expect(error.hint).toMatch(/outbound policy/)
    expect(error.hint).not.toMatch(/^Try another transport/)
    expect(redirectTargetRequests.length).toBe(before)
  })

  it('refuses a redirect to a cloud-metadata address without hinting to allow it', async () => {
    const toMetadata = await startTestHubServer({
      redirect: () => ({ url: 'http://169.254.169.254/hubs/test', accessToken: 't' }),
    })
    try {
      const error = await failure(plugin.invoke(whoAmI(toMetadata.url('/hubs/test'), 'auto'), testContext()))
      expect(error.code).toBe('blocked_target')
      expect(error.message).toMatch(/cloud-metadata address and is always refused/)
      expect(error.hint).not.toMatch(/Allow that host/)
      expect(error.hint).toMatch(/does not redirect there/)
    } finally {
      await toMetadata.close()
    }
  })

  it('names an HTTP 307 on negotiate and where it points, and does not follow it', async () => {
    const before = redirectTargetRequests.length
    const error = await failure(
      plugin.invoke(
        whoAmI(httpRedirect.url('/hubs/test'), 'auto'),
        testContext({ metadata: { Authorization: `Bearer ${token}` } }),
      ),
    )
    expect(error.message).toMatch(
      /answered negotiate with HTTP 307, a redirect to http:\/\/127\.0\.0\.1:\d+\/hubs\/test\b/,
    )
    expect(error.hint).toContain(`Use ${redirectTarget.url('/hubs/test')} as the hub address`)
    expect(error.details).toMatchObject({ status: 307 })
    expect(redirectTargetRequests.length).toBe(before)
  })
})
