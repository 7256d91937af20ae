/**
 * Token caches against a real OpenID Connect provider (oidc-provider) through the workbench's token proxy: saved
 * requests with auth schemes of their own share an environment, and each keeps the token of its own configuration.
 */
import { createAuthCaches, prepareCall, type AuthConfig, type Environment, type TokenClient } from '@wirebench/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcProvider } from '../servers/oidc/provider.js'
import type { OidcProvider } from '../servers/oidc/provider.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

let wb: TestWorkbench
let idp: OidcProvider

beforeAll(async () => {
  wb = await startWorkbench()
  idp = await startOidcProvider({ redirectUris: ['http://localhost:1/oauth-callback'] })
})
afterAll(async () => {
  await wb?.close()
  await idp?.close()
})

/** The UI's transport: every token request goes through the workbench's proxy routes; each one is counted. */
function proxyTokenClient(sent: string[]): TokenClient {
  const post = async (path: string, body: unknown) => {
    sent.push(path)
    const response = await wb.api(path, { body })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
    return JSON.parse(text) as unknown
  }
  return {
    oauthToken: (body) => post('/api/auth/oauth-token', body),
    codeExchange: (body) => post('/api/auth/oauth-code-exchange', body),
    refresh: (body) => post('/api/auth/oauth-refresh', body),
    customToken: (body) => post('/api/auth/custom-token', body),
  }
}

describe('token caches keyed by the effective scheme', () => {
  it('gives two saved requests with their own custom-token schemes (other scopes) a token each, reused', async () => {
    const { clientId, clientSecret } = idp.clients.confidential
    const environment: Environment = {
      id: 'dev',
      name: 'Dev',
      vars: { basic: Buffer.from(`${clientId}:${clientSecret}`).toString('base64') },
      auth: { type: 'none' },
      hosts: { approved: ['api.test'], refused: [] },
    }
    // The login is the provider's client_credentials grant, written by hand as a custom token request.
    const ownScheme = (scope: string): AuthConfig => ({
      type: 'custom_token',
      tokenUrl: idp.tokenUrl,
      tokenMethod: 'POST',
      tokenContentType: 'application/x-www-form-urlencoded',
      tokenBody: `grant_type=client_credentials&scope=${scope}`,
      tokenHeaders: '{"Authorization": "Basic ${basic}"}',
      tokenJsonPath: 'access_token',
      expiresInJsonPath: 'expires_in',
      tokenPrefix: 'Bearer ',
    })
    const sent: string[] = []
    const caches = createAuthCaches()
    const tokenClient = proxyTokenClient(sent)
    // What the UI does for a saved request's own scheme: the environment (its variables, hosts) with that auth.
    const authorization = async (auth: AuthConfig) => {
      const prepared = await prepareCall({
        protocol: 'rest',
        environment: { ...environment, auth },
        caches,
        tokenClient,
        credentials: 'send',
      })
      return prepared.metadata.Authorization
    }
    const reader = await authorization(ownScheme('api:read'))
    const writer = await authorization(ownScheme('api:write'))
    expect(reader).toMatch(/^Bearer .{20,}/)
    expect(writer).toMatch(/^Bearer .{20,}/)
    expect(writer).not.toBe(reader)
    expect(sent).toHaveLength(2)
    // Alternating calls reuse each scheme's own token: no new login, and neither gets the other's.
    expect(await authorization(ownScheme('api:read'))).toBe(reader)
    expect(await authorization(ownScheme('api:write'))).toBe(writer)
    expect(await authorization(ownScheme('api:read'))).toBe(reader)
    expect(sent).toHaveLength(2)
  })
})
