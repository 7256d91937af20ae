/**
 * The token proxy reaches a token endpoint with the active environment's TLS trust: a real OpenID Connect provider
 * (oidc-provider) serves https with a certificate from a CA made for this run. Without trust every token request fails
 * the handshake; with the environment's CA (or "allow self-signed") client credentials, a custom token endpoint, the
 * code exchange and the refresh reach the provider. The auth pipeline and the token preview put the trust into the
 * token requests themselves, as the UI's calls do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_PROXY_ROUTES, createAuthCaches, fetchTokenPreview, prepareCall } from '@wirebench/auth'
import type { Environment, TokenClient } from '@wirebench/auth'
import { WorkbenchError } from '@wirebench/core'
import type { Problem, TrustMarker } from '@wirebench/core'
import { startOidcProvider } from '../servers/oidc/provider.js'
import type { OidcProvider } from '../servers/oidc/provider.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

let pki: TestPki
let idp: OidcProvider
let wb: TestWorkbench

beforeAll(async () => {
  pki = await createTestPki()
  wb = await startWorkbench()
  idp = await startOidcProvider({
    redirectUris: ['http://localhost:1/oauth-callback'],
    tls: { cert: pki.serverCertificate, key: pki.serverKey },
  })
}, 60_000)
afterAll(async () => {
  await idp?.close()
  await wb?.close()
})

function clientCredentials(trust?: TrustMarker) {
  const { clientId, clientSecret } = idp.clients.confidential
  return {
    tokenUrl: idp.tokenUrl,
    clientId,
    clientSecret,
    scope: 'api:read',
    audience: '',
    ...(trust ? { trust } : {}),
  }
}

/** The token endpoint as a custom one: a form POST with the Basic header, the token at `access_token`. */
function customToken(trust?: TrustMarker) {
  const { clientId, clientSecret } = idp.clients.confidential
  return {
    tokenUrl: idp.tokenUrl,
    method: 'POST' as const,
    contentType: 'application/x-www-form-urlencoded',
    body: 'grant_type=client_credentials&scope=api%3Aread',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    ...(trust ? { trust } : {}),
  }
}

/** The UI's token client: each request posted to the workbench's proxy route; failures thrown as WorkbenchErrors. */
function proxyClient(seen: unknown[]): TokenClient {
  const post = async (route: string, body: unknown) => {
    seen.push(body)
    const res = await wb.api(route, { body })
    const json = (await res.json()) as unknown
    if (!res.ok) throw new WorkbenchError((json as Problem).code ?? 'internal', (json as Problem).detail ?? '')
    return json
  }
  return {
    oauthToken: (body) => post(AUTH_PROXY_ROUTES.oauthToken, body),
    codeExchange: (body) => post(AUTH_PROXY_ROUTES.codeExchange, body),
    refresh: (body) => post(AUTH_PROXY_ROUTES.refresh, body),
    customToken: (body) => post(AUTH_PROXY_ROUTES.customToken, body),
  }
}

describe('token requests to a private-CA token endpoint', () => {
  it('fail the TLS handshake without the environment’s trust', async () => {
    for (const [route, body] of [
      [AUTH_PROXY_ROUTES.oauthToken, clientCredentials()],
      [AUTH_PROXY_ROUTES.customToken, customToken()],
    ] as const) {
      const res = await wb.api(route, { body })
      expect(res.status, route).toBe(502)
      expect(((await res.json()) as Problem).detail, route).toMatch(/TLS handshake with 127\.0\.0\.1:\d+ failed/)
    }
  })

  it('reach the provider with the environment’s CA certificate, or with allow self-signed', async () => {
    for (const trust of [{ caCertificate: pki.caCertificate }, { allowSelfSigned: true }]) {
      const cc = await wb.api(AUTH_PROXY_ROUTES.oauthToken, { body: clientCredentials(trust) })
      expect(cc.status, await cc.clone().text()).toBe(200)
      expect(((await cc.json()) as { access_token?: string }).access_token).toBeTruthy()
      const custom = await wb.api(AUTH_PROXY_ROUTES.customToken, { body: customToken(trust) })
      expect(custom.status, await custom.clone().text()).toBe(200)
    }
  })

  it('carry the trust to the code exchange and the refresh: the provider itself answers (invalid_grant)', async () => {
    const trust = { caCertificate: pki.caCertificate }
    const client = idp.clients.public.clientId
    for (const [route, body] of [
      [
        AUTH_PROXY_ROUTES.codeExchange,
        {
          tokenUrl: idp.tokenUrl,
          code: 'c-0',
          redirectUri: 'http://localhost:1/oauth-callback',
          clientId: client,
          codeVerifier: 'v'.repeat(43),
        },
      ],
      [AUTH_PROXY_ROUTES.refresh, { tokenUrl: idp.tokenUrl, refreshToken: 'r-0', clientId: client, scope: '' }],
    ] as const) {
      const without = await wb.api(route, { body })
      expect(((await without.json()) as Problem).detail, route).toMatch(/TLS handshake/)
      const withTrust = await wb.api(route, { body: { ...body, trust } })
      expect(withTrust.status, route).toBe(502)
      expect(((await withTrust.json()) as Problem).detail, route).toMatch(/answered HTTP 400 \(invalid_grant/)
    }
  })

  it('refuse a trust CA that is not a certificate with 400 naming the field, before any request', async () => {
    const res = await wb.api(AUTH_PROXY_ROUTES.oauthToken, {
      body: clientCredentials({ caCertificate: '-----BEGIN CERTIFICATE-----\nnot one\n-----END CERTIFICATE-----' }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as Problem).detail).toMatch(/trust/i)
  })
})

describe('the auth pipeline and the token preview', () => {
  const environment = (): Environment => ({
    id: 'private',
    name: 'Private CA',
    vars: { privateCa: pki.caCertificate, secret: idp.clients.confidential.clientSecret },
    auth: {
      type: 'oauth2_cc',
      tokenUrl: idp.tokenUrl,
      clientId: idp.clients.confidential.clientId,
      clientSecret: '${secret}',
      scope: 'api:read',
      audience: '',
    },
    trust: { caCertificate: '${privateCa}', allowSelfSigned: false },
  })

  it('sends the environment’s trust with its client-credentials token request, and the call gets the token', async () => {
    const seen: unknown[] = []
    const prepared = await prepareCall({
      protocol: 'rest',
      environment: environment(),
      caches: createAuthCaches(),
      tokenClient: proxyClient(seen),
    })
    expect(prepared.metadata['Authorization'] ?? prepared.metadata['authorization']).toMatch(/^Bearer \S{20,}/)
    expect(seen).toEqual([expect.objectContaining({ trust: { caCertificate: pki.caCertificate } })])
  })

  it('previews a token with the environment’s trust', async () => {
    const env = environment()
    const seen: unknown[] = []
    const preview = await fetchTokenPreview({
      config: env.auth as never,
      environment: env,
      tokenClient: proxyClient(seen),
    })
    expect(preview).toMatchObject({ token: expect.stringMatching(/\S{20,}/) })
    expect(seen).toEqual([expect.objectContaining({ trust: { caCertificate: pki.caCertificate } })])
  })
})
