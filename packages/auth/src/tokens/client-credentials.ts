/** OAuth 2.0 client_credentials: the token request through the proxy, cached per (tokenUrl, clientId, scope, audience). */
import type { OAuth2ClientCredentialsAuth } from '../environment.js'
import type { OAuthTokenRequest } from '../proxy/requests.js'
import type { TokenClient } from '../proxy/token-client.js'
import { abortable } from './abortable.js'
import { fingerprintOf } from './fingerprint.js'
import type { CachedToken, TokenCache } from './token-cache.js'
import { parseTokenResponse } from './token-response.js'

// A provider that states no lifetime gets the same default as the custom token endpoint.
const DEFAULT_TTL_SECONDS = 3600

export function clientCredentialsRequest(config: OAuth2ClientCredentialsAuth): OAuthTokenRequest {
  return {
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scope: config.scope,
    audience: config.audience,
  }
}

/** Fetches a token, bypassing every cache (the Fetch token preview and the cache's fetch). */
export async function fetchClientCredentialsToken(options: {
  config: OAuth2ClientCredentialsAuth
  tokenClient: TokenClient
  clock: () => number
  signal?: AbortSignal
}): Promise<CachedToken> {
  const { config, tokenClient, clock, signal } = options
  const body = await tokenClient.oauthToken(clientCredentialsRequest(config), signal)
  const parsed = parseTokenResponse(body, config.tokenUrl)
  return { accessToken: parsed.accessToken, expiresAt: clock() + (parsed.expiresIn ?? DEFAULT_TTL_SECONDS) * 1000 }
}

/** The cached token when more than 60 s from expiry; otherwise one fetch shared by concurrent callers. */
export function clientCredentialsToken(options: {
  config: OAuth2ClientCredentialsAuth
  tokenClient: TokenClient
  cache: TokenCache
  clock: () => number
  signal?: AbortSignal
}): Promise<CachedToken> {
  const { config, tokenClient, cache, clock, signal } = options
  const key = JSON.stringify([config.tokenUrl, config.clientId, config.scope, config.audience])
  // The shared fetch is not tied to one caller's signal; each caller stops waiting on its own.
  const shared = cache.get({
    key,
    fingerprint: fingerprintOf(config),
    fetch: () => fetchClientCredentialsToken({ config, tokenClient, clock }),
  })
  return abortable(shared, signal)
}
