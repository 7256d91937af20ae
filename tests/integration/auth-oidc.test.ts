/**
 * The token proxy against a real OpenID Connect provider (oidc-provider, a certified OP): client_credentials with a
 * confidential client, and the authorization_code + PKCE flow of a public client (login and consent driven over
 * HTTP) through the workbench's own /oauth-callback redirect URI, the code exchange and the refresh.
 */
import { get } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Problem } from '@wirebench/core'
import { authorizeOverHttp, pkcePair } from '../servers/oidc/authorize.js'
import { startOidcProvider } from '../servers/oidc/provider.js'
import type { OidcProvider } from '../servers/oidc/provider.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

interface TokenBody {
  access_token: string
  token_type: string
  expires_in: number
  scope?: string
  refresh_token?: string
  id_token?: string
}

let wb: TestWorkbench
let idp: OidcProvider
let redirectUri: string

beforeAll(async () => {
  wb = await startWorkbench()
  // SPEC.md: the redirect URI is http://localhost:<port>/oauth-callback, registered verbatim with the provider.
  redirectUri = `http://localhost:${new URL(wb.base).port}/oauth-callback`
  idp = await startOidcProvider({ redirectUris: [redirectUri] })
})
afterAll(async () => {
  await wb?.close()
  await idp?.close()
})

/** A browser's top-level navigation (node:http: fetch would set its own Sec-Fetch-Mode). */
function navigate(url: URL): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
  })
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(200)
  return JSON.parse(text) as T
}

describe('client_credentials through the proxy', () => {
  it("returns the provider's token response unchanged", async () => {
    const { clientId, clientSecret } = idp.clients.confidential
    const res = await wb.api('/api/auth/oauth-token', {
      body: { tokenUrl: idp.tokenUrl, clientId, clientSecret, scope: 'api:read', audience: '' },
    })
    const text = await res.clone().text()
    const body = await json<TokenBody>(res)
    // The provider's own serialisation, untouched: exactly its fields, in its order.
    expect(Object.keys(body)).toEqual(['access_token', 'expires_in', 'scope', 'token_type'])
    expect(text).toBe(JSON.stringify(body))
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'api:read' })
    expect(body.access_token.length).toBeGreaterThan(20)
  })

  it("answers 502 with the provider's invalid_client for a wrong secret, without the secret", async () => {
    const wrong = 'wrong-secret-0a9d'
    const res = await wb.api('/api/auth/oauth-token', {
      body: {
        tokenUrl: idp.tokenUrl,
        clientId: idp.clients.confidential.clientId,
        clientSecret: wrong,
        scope: '',
        audience: '',
      },
    })
    expect(res.status).toBe(502)
    const problem = (await res.json()) as Problem
    expect(problem.detail).toMatch(/HTTP 401 \(invalid_client/)
    expect(JSON.stringify(problem)).not.toContain(wrong)
  })
})

describe('authorization_code + PKCE through the proxy', () => {
  it('exchanges the code the provider sent to /oauth-callback, then refreshes the token', async () => {
    const { verifier, challenge } = pkcePair()
    const client = idp.clients.public
    const landed = await authorizeOverHttp({
      authorizationUrl: idp.authorizationUrl,
      clientId: client.clientId,
      redirectUri,
      scope: client.scope,
      state: 'state-81f2',
      codeChallenge: challenge,
    })
    expect(landed.searchParams.get('state')).toBe('state-81f2')
    const code = landed.searchParams.get('code') ?? ''
    expect(code).not.toBe('')

    // The provider's redirect lands on the workbench's callback page (a cross-site navigation, no token).
    const page = await navigate(landed)
    expect(page.status).toBe(200)
    expect(page.body).toContain('/oauth-callback.js')

    const exchanged = await json<TokenBody>(
      await wb.api('/api/auth/oauth-code-exchange', {
        body: { tokenUrl: idp.tokenUrl, code, redirectUri, clientId: client.clientId, codeVerifier: verifier },
      }),
    )
    expect(exchanged).toMatchObject({ token_type: 'Bearer', scope: client.scope })
    expect(exchanged.refresh_token).toBeTruthy()
    expect(exchanged.id_token).toBeTruthy()

    const refreshed = await json<TokenBody>(
      await wb.api('/api/auth/oauth-refresh', {
        body: { tokenUrl: idp.tokenUrl, refreshToken: exchanged.refresh_token, clientId: client.clientId, scope: '' },
      }),
    )
    expect(refreshed.access_token).toBeTruthy()
    expect(refreshed.access_token).not.toBe(exchanged.access_token)
  })

  it('answers 502 invalid_grant when the verifier does not match, naming neither code nor verifier', async () => {
    const { challenge } = pkcePair()
    const wrongVerifier = pkcePair().verifier
    const client = idp.clients.public
    const landed = await authorizeOverHttp({
      authorizationUrl: idp.authorizationUrl,
      clientId: client.clientId,
      redirectUri,
      scope: client.scope,
      state: 's',
      codeChallenge: challenge,
    })
    const code = landed.searchParams.get('code') ?? ''
    const res = await wb.api('/api/auth/oauth-code-exchange', {
      body: { tokenUrl: idp.tokenUrl, code, redirectUri, clientId: client.clientId, codeVerifier: wrongVerifier },
    })
    expect(res.status).toBe(502)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({ code: 'upstream_error' })
    expect(text).toContain('invalid_grant')
    expect(text).not.toContain(code)
    expect(text).not.toContain(wrongVerifier)
  })
})
