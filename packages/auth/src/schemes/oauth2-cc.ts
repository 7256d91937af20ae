/** OAuth 2.0 client_credentials: `Authorization: Bearer <token>` fetched through the proxy and cached. */
import type { OAuth2ClientCredentialsAuth } from '../environment.js'
import type { AuthScheme } from '../scheme/types.js'
import { requireTokenClient } from '../tokens/abortable.js'
import { clientCredentialsToken } from '../tokens/client-credentials.js'

export const oauth2ClientCredentialsScheme: AuthScheme<OAuth2ClientCredentialsAuth> = {
  type: 'oauth2_cc',
  label: 'OAuth 2.0 Client Credentials',
  description: 'Fetches a token through the workbench proxy, caches it in memory and refreshes it before expiry.',
  fields: [
    { key: 'tokenUrl', label: 'Token URL', kind: 'text', placeholder: 'https://auth.example.com/oauth/token' },
    { key: 'clientId', label: 'Client ID', kind: 'text' },
    { key: 'clientSecret', label: 'Client Secret', kind: 'secret', secret: true, placeholder: '${clientSecret}' },
    { key: 'scope', label: 'Scope', kind: 'text', optional: true, help: 'Space-separated.' },
    { key: 'audience', label: 'Audience', kind: 'text', optional: true },
  ],
  defaults: () => ({ type: 'oauth2_cc', tokenUrl: '', clientId: '', clientSecret: '', scope: '', audience: '' }),
  headerNames: () => ['Authorization'],
  async apply(config, ctx) {
    const token = await clientCredentialsToken({
      config,
      tokenClient: requireTokenClient(ctx.tokenClient, 'OAuth 2.0 client credentials'),
      cache: ctx.caches.clientCredentials,
      clock: ctx.caches.clock,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    })
    return { headers: { Authorization: `Bearer ${token.accessToken}` }, markers: {} }
  },
}
