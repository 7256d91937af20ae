/** The in-memory token caches one UI tab or CLI process keeps; never persisted, wiped by `clear()`. */
import { createAuthorizationCodeStore, type AuthorizationCodeStore } from '../oauth/authorization-code.js'
import type { TokenClient } from '../proxy/token-client.js'
import { createTokenCache, type TokenCache } from './token-cache.js'

export interface AuthCaches {
  clientCredentials: TokenCache
  customToken: TokenCache
  authorizationCode: AuthorizationCodeStore
  /** Milliseconds since the epoch; injected in tests to cross expiry boundaries. */
  clock: () => number
  /** Drops every cached token and pending authorization. */
  clear(): void
}

export interface AuthCachesOptions {
  clock?: () => number
  /** Default client for the authorization-code store's exchange and refresh. */
  tokenClient?: TokenClient
}

export function createAuthCaches(options: AuthCachesOptions = {}): AuthCaches {
  const clock = options.clock ?? (() => Date.now())
  const clientCredentials = createTokenCache({ clock })
  const customToken = createTokenCache({ clock })
  const authorizationCode = createAuthorizationCodeStore({ clock, tokenClient: options.tokenClient })
  return {
    clientCredentials,
    customToken,
    authorizationCode,
    clock,
    clear() {
      clientCredentials.clear()
      customToken.clear()
      authorizationCode.clear()
    },
  }
}
