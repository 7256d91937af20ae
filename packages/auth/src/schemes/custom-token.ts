/** Custom Token Endpoint: `Authorization: <prefix><token>` from an arbitrary login endpoint, cached until 60 s before expiry. */
import type { CustomTokenAuth } from '../environment.js'
import type { AuthScheme } from '../scheme/types.js'
import { requireTokenClient } from '../tokens/abortable.js'
import { customToken } from '../tokens/custom-token.js'

export const customTokenScheme: AuthScheme<CustomTokenAuth> = {
  type: 'custom_token',
  label: 'Custom Token Endpoint',
  description: 'Logs in at any endpoint through the workbench proxy and sends the token it returns.',
  fields: [
    { key: 'tokenUrl', label: 'Token URL', kind: 'text', placeholder: 'https://api.example.com/login' },
    {
      key: 'tokenMethod',
      label: 'Method',
      kind: 'select',
      options: [
        { value: 'POST', label: 'POST' },
        { value: 'GET', label: 'GET' },
        { value: 'PUT', label: 'PUT' },
      ],
    },
    { key: 'tokenContentType', label: 'Content-Type', kind: 'text', placeholder: 'application/json' },
    {
      key: 'tokenBody',
      label: 'Request Body',
      kind: 'multiline',
      // The login body and headers usually carry the password or an API key.
      secret: true,
      optional: true,
      placeholder: '{"username": "${user}", "password": "${password}"}',
      visibleWhen: (config) => config.tokenMethod !== 'GET',
    },
    {
      key: 'tokenHeaders',
      label: 'Request Headers (JSON)',
      kind: 'json',
      secret: true,
      optional: true,
      placeholder: '{"X-Tenant": "acme"}',
    },
    {
      key: 'tokenJsonPath',
      label: 'Token JSON path',
      kind: 'text',
      placeholder: 'data.token',
      help: 'Dotted path into the response; numeric segments index arrays (items.0.token).',
    },
    {
      key: 'expiresInJsonPath',
      label: 'Expiry JSON path',
      kind: 'text',
      optional: true,
      placeholder: 'expires_in',
      help: 'Path to a TTL in seconds; empty means one hour.',
    },
    {
      key: 'tokenPrefix',
      label: 'Authorization prefix',
      kind: 'text',
      optional: true,
      help: 'Sent before the token; "Bearer " by default, empty for tokens that are not bearer-style.',
    },
  ],
  defaults: () => ({
    type: 'custom_token',
    tokenUrl: '',
    tokenMethod: 'POST',
    tokenContentType: 'application/json',
    tokenBody: '',
    tokenHeaders: '',
    tokenJsonPath: 'access_token',
    expiresInJsonPath: '',
    tokenPrefix: 'Bearer ',
  }),
  headerNames: () => ['Authorization'],
  async apply(config, ctx) {
    const token = await customToken({
      environmentId: ctx.environmentId,
      config,
      tokenClient: requireTokenClient(ctx.tokenClient, 'The custom token endpoint'),
      cache: ctx.caches.customToken,
      clock: ctx.caches.clock,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    })
    return { headers: { Authorization: `${config.tokenPrefix}${token.accessToken}` }, markers: {} }
  },
}
