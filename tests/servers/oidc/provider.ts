/**
 * A real OpenID Connect provider (`oidc-provider` 9, a certified OP) on 127.0.0.1 for the auth tests.
 *
 * Clients:
 * - `clients.confidential`: client_credentials only, `client_secret_basic` (or post), scopes `api:read api:write`.
 * - `clients.public`: a native public client (`token_endpoint_auth_method: none`) for authorization_code with PKCE
 *   (S256, required) and refresh tokens; its redirect URIs are exactly the `redirectUris` given at start.
 *
 * Logging in: devInteractions is on, so the authorize URL leads to a login form that accepts ANY login and password
 * (e.g. `alice` / `anything`), then to a consent form with one "Continue" button. A browser test fills the two
 * `input[name=login]` / `input[name=password]` fields and clicks the submit buttons; `authorizeOverHttp`
 * (./authorize.ts) does the same with plain HTTP requests.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import type { Configuration } from 'oidc-provider'

export interface OidcClients {
  confidential: { clientId: string; clientSecret: string; scope: string }
  public: { clientId: string; scope: string; redirectUris: string[] }
}

export interface OidcProvider {
  issuer: string
  authorizationUrl: string
  tokenUrl: string
  clients: OidcClients
  close(): Promise<void>
}

export interface OidcProviderOptions {
  /** Registered verbatim for the public client, e.g. `http://localhost:5080/oauth-callback`. */
  redirectUris: string[]
  /** Access token lifetime in seconds (default 300). */
  accessTokenTtl?: number
  /** Serve https with this certificate (e.g. one from a private CA, tests/servers/tls/pki.ts). */
  tls?: { cert: string; key: string }
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProvider> {
  const server: Server = options.tls ? createHttpsServer(options.tls) : createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clients: OidcClients = {
    confidential: { clientId: 'wb-service', clientSecret: 'wb-service-secret-3f9a1c', scope: 'api:read api:write' },
    public: { clientId: 'wb-browser', scope: 'openid offline_access api:read', redirectUris: options.redirectUris },
  }
  const configuration: Configuration = {
    clients: [
      {
        client_id: clients.confidential.clientId,
        client_secret: clients.confidential.clientSecret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
        scope: clients.confidential.scope,
      },
      {
        client_id: clients.public.clientId,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        scope: clients.public.scope,
      },
    ],
    scopes: ['openid', 'offline_access', 'api:read', 'api:write'],
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: true },
    },
    pkce: { required: () => true },
    // Refresh tokens for every client allowed the grant, whether or not offline_access was consented to.
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    findAccount: (_ctx, sub) => Promise.resolve({ accountId: sub, claims: () => Promise.resolve({ sub }) }),
    ttl: {
      AccessToken: options.accessTokenTtl ?? 300,
      ClientCredentials: options.accessTokenTtl ?? 300,
      // Explicit values keep the provider from printing a notice for each default it falls back to.
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      IdToken: 300,
      RefreshToken: 3600,
    },
    cookies: { keys: ['wirebench-test-cookie-key'] },
  }
  const provider = new Provider(issuer, configuration)
  // The provider's own dev warnings (devInteractions, default keys) are expected here.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error))
  const handle = provider.callback()
  server.on('request', (request, response) => void handle(request, response))
  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    clients,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
