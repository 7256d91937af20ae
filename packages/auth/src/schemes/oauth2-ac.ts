/** OAuth 2.0 authorization_code + PKCE: `Authorization: Bearer <token>` from the environment's signed-in session. */
import type { OAuth2AuthorizationCodeAuth } from '../environment.js'
import type { AuthScheme } from '../scheme/types.js'
import { abortable } from '../tokens/abortable.js'

export const oauth2AuthorizationCodeScheme: AuthScheme<OAuth2AuthorizationCodeAuth> = {
  type: 'oauth2_ac',
  label: 'OAuth 2.0 Authorization Code (PKCE)',
  description: 'Signs in through the provider in a popup; tokens stay in memory and refresh automatically.',
  fields: [
    {
      key: 'authorizationUrl',
      label: 'Authorization URL',
      kind: 'text',
      placeholder: 'https://auth.example.com/authorize',
    },
    { key: 'tokenUrl', label: 'Token URL', kind: 'text', placeholder: 'https://auth.example.com/oauth/token' },
    { key: 'clientId', label: 'Client ID', kind: 'text' },
    {
      key: 'clientSecret',
      label: 'Client Secret',
      kind: 'secret',
      secret: true,
      optional: true,
      help: 'Leave empty for a public client; PKCE is always used.',
    },
    { key: 'scope', label: 'Scope', kind: 'text', optional: true, help: 'Space-separated.' },
    {
      key: 'redirectUri',
      label: 'Redirect URI',
      kind: 'text',
      readOnly: true,
      valueFor: (context) => context.redirectUri ?? '',
      help: 'Register this exact URI with the provider.',
    },
  ],
  defaults: () => ({
    type: 'oauth2_ac',
    authorizationUrl: '',
    tokenUrl: '',
    clientId: '',
    clientSecret: '',
    scope: '',
  }),
  headerNames: () => ['Authorization'],
  async apply(config, ctx) {
    const token = await abortable(
      ctx.caches.authorizationCode.getAccessToken({
        environmentId: ctx.environmentId,
        config,
        ...(ctx.tokenClient ? { tokenClient: ctx.tokenClient } : {}),
      }),
      ctx.signal,
    )
    return { headers: { Authorization: `Bearer ${token}` }, markers: {} }
  },
}
