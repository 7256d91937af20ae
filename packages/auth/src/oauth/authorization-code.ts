/**
 * The OAuth 2.0 authorization_code + PKCE state machine (framework-free): start builds the authorize URL, complete
 * checks the CSRF state and exchanges the code, tokens live in memory per environment and config fingerprint and are
 * refreshed within 60 s of expiry (half the lifetime for shorter-lived tokens). The UI opens the popup and subscribes
 * to the status for its countdown.
 */
import { WorkbenchError } from '@wirebench/core'
import type { OAuth2AuthorizationCodeAuth } from '../environment.js'
import type { OAuthCodeExchangeRequest, OAuthRefreshRequest } from '../proxy/requests.js'
import type { TokenClient } from '../proxy/token-client.js'
import { fingerprintOf } from '../tokens/fingerprint.js'
import { refreshMarginFor } from '../tokens/token-cache.js'
import { parseTokenResponse } from '../tokens/token-response.js'
import { buildAuthorizeUrl } from './authorize-url.js'
import { createPendingAuthorizations } from './pending-authorizations.js'
import { codeChallengeS256, createCodeVerifier, createState } from './pkce.js'

export interface AuthorizationStatus {
  authorized: boolean
  /** Milliseconds since the epoch; null when not authorized or the provider gave no lifetime. */
  expiresAt: number | null
}

export interface StartAuthorizationOptions {
  environmentId: string
  /** The config with its fields already substituted. */
  config: OAuth2AuthorizationCodeAuth
  redirectUri: string
}

export interface AuthorizationRequest {
  /** The provider's authorize URL with every parameter; open it in the popup. */
  url: string
  state: string
  codeVerifier: string
}

export interface CompleteAuthorizationOptions {
  code: string
  state: string
  tokenClient?: TokenClient
  signal?: AbortSignal
}

export interface AccessTokenOptions {
  environmentId: string
  config: OAuth2AuthorizationCodeAuth
  tokenClient?: TokenClient
  signal?: AbortSignal
}

export type AuthorizationListener = (status: AuthorizationStatus) => void

export interface AuthorizationCodeStore {
  startAuthorization(options: StartAuthorizationOptions): Promise<AuthorizationRequest>
  completeAuthorization(options: CompleteAuthorizationOptions): Promise<AuthorizationStatus>
  /**
   * A valid access token, refreshed first when within 60 s of expiry; throws `unauthorized` when there is none or
   * the provider rejected the refresh (signed out). A refresh that timed out, was cancelled or could not reach the
   * provider rethrows that error and keeps the tokens, so the next call tries again.
   */
  getAccessToken(options: AccessTokenOptions): Promise<string>
  status(environmentId: string): AuthorizationStatus
  subscribe(environmentId: string, listener: AuthorizationListener): () => void
  /** Call on every edit of the config: tokens obtained under different field values are wiped. */
  syncConfig(environmentId: string, config: OAuth2AuthorizationCodeAuth): void
  signOut(environmentId: string): void
  clear(): void
}

export interface AuthorizationCodeStoreOptions {
  clock?: () => number
  tokenClient?: TokenClient | undefined
}

interface Tokens {
  fingerprint: string
  config: OAuth2AuthorizationCodeAuth
  accessToken: string
  expiresAt: number | null
  /** When the tokens arrived: the lifetime bounds the refresh margin. */
  obtainedAt: number
  refreshToken?: string
  refreshing?: Promise<string>
}

const notAuthorized: AuthorizationStatus = { authorized: false, expiresAt: null }

/**
 * Only the provider saying no (a 4xx answer such as `invalid_grant`) ends the session; timeouts, cancellations,
 * an unreachable provider or a 5xx may pass, so the refresh token is kept for the next call.
 */
function providerRejected(error: unknown): boolean {
  const failure = WorkbenchError.from(error)
  const status = failure.details?.['upstreamStatus']
  return failure.code === 'upstream_error' && typeof status === 'number' && status >= 400 && status < 500
}

export function createAuthorizationCodeStore(options: AuthorizationCodeStoreOptions = {}): AuthorizationCodeStore {
  const clock = options.clock ?? (() => Date.now())
  const pending = createPendingAuthorizations(clock)
  const tokens = new Map<string, Tokens>()
  const listeners = new Map<string, Set<AuthorizationListener>>()

  const statusOf = (environmentId: string): AuthorizationStatus => {
    const entry = tokens.get(environmentId)
    if (!entry) return notAuthorized
    return { authorized: true, expiresAt: entry.expiresAt }
  }
  const notify = (environmentId: string): void => {
    const status = statusOf(environmentId)
    for (const listener of listeners.get(environmentId) ?? []) listener(status)
  }
  const wipe = (environmentId: string): void => {
    if (tokens.delete(environmentId)) notify(environmentId)
  }
  const clientOf = (client: TokenClient | undefined): TokenClient => {
    const chosen = client ?? options.tokenClient
    if (!chosen) throw new WorkbenchError('internal', 'No token client was given for the OAuth token requests.')
    return chosen
  }
  const store = (
    entry: Omit<Tokens, 'expiresAt' | 'obtainedAt'>,
    expiresIn: number | undefined,
    environmentId: string,
  ): void => {
    const now = clock()
    tokens.set(environmentId, {
      ...entry,
      obtainedAt: now,
      expiresAt: expiresIn === undefined ? null : now + expiresIn * 1000,
    })
    notify(environmentId)
  }

  const refresh = async (environmentId: string, entry: Tokens, client: TokenClient, signal?: AbortSignal) => {
    const body: OAuthRefreshRequest = {
      tokenUrl: entry.config.tokenUrl,
      refreshToken: entry.refreshToken ?? '',
      clientId: entry.config.clientId,
      // Empty (not sent upstream): RFC 6749 §6 then grants the scope originally granted. Repeating the configured one
      // is refused (`invalid_scope`) whenever the provider granted less, e.g. `offline_access` without a consent prompt.
      scope: '',
    }
    if (entry.config.clientSecret !== '') body.clientSecret = entry.config.clientSecret
    try {
      const parsed = parseTokenResponse(await client.refresh(body, signal), entry.config.tokenUrl)
      if (tokens.get(environmentId) !== entry) return parsed.accessToken
      const refreshToken = parsed.refreshToken ?? entry.refreshToken
      store(
        {
          fingerprint: entry.fingerprint,
          config: entry.config,
          accessToken: parsed.accessToken,
          ...(refreshToken ? { refreshToken } : {}),
        },
        parsed.expiresIn,
        environmentId,
      )
      return parsed.accessToken
    } catch (error) {
      if (!providerRejected(error)) throw WorkbenchError.from(error)
      if (tokens.get(environmentId) === entry) wipe(environmentId)
      throw new WorkbenchError(
        'unauthorized',
        'Refreshing the OAuth access token failed; the session was signed out.',
        {
          cause: error,
          hint: 'Click Authorize to sign in again.',
        },
      )
    } finally {
      delete entry.refreshing
    }
  }

  return {
    async startAuthorization({ environmentId, config, redirectUri }) {
      const codeVerifier = createCodeVerifier()
      const state = createState()
      const codeChallenge = await codeChallengeS256(codeVerifier)
      const url = buildAuthorizeUrl({ config, redirectUri, state, codeChallenge })
      const fingerprint = fingerprintOf(config)
      pending.add(state, { environmentId, fingerprint, config, redirectUri, codeVerifier, createdAt: clock() })
      return { url, state, codeVerifier }
    },

    async completeAuthorization({ code, state, tokenClient, signal }) {
      const entry = pending.take(state)
      if (!entry) {
        throw new WorkbenchError(
          'forbidden',
          'The authorization response does not match a pending sign-in (state mismatch).',
          {
            hint: 'Start again with Authorize; a sign-in older than 10 minutes or from another window is refused.',
          },
        )
      }
      const body: OAuthCodeExchangeRequest = {
        tokenUrl: entry.config.tokenUrl,
        code,
        redirectUri: entry.redirectUri,
        clientId: entry.config.clientId,
        codeVerifier: entry.codeVerifier,
      }
      if (entry.config.clientSecret !== '') body.clientSecret = entry.config.clientSecret
      const parsed = parseTokenResponse(await clientOf(tokenClient).codeExchange(body, signal), entry.config.tokenUrl)
      store(
        {
          fingerprint: entry.fingerprint,
          config: entry.config,
          accessToken: parsed.accessToken,
          ...(parsed.refreshToken ? { refreshToken: parsed.refreshToken } : {}),
        },
        parsed.expiresIn,
        entry.environmentId,
      )
      return statusOf(entry.environmentId)
    },

    async getAccessToken({ environmentId, config, tokenClient, signal }) {
      const entry = tokens.get(environmentId)
      if (entry && entry.fingerprint !== fingerprintOf(config)) wipe(environmentId)
      const current = tokens.get(environmentId)
      if (!current) {
        throw new WorkbenchError('unauthorized', 'This environment is not authorized with the OAuth provider yet.', {
          hint: 'Click Authorize in the environment’s auth panel and sign in.',
        })
      }
      const remaining = current.expiresAt === null ? Infinity : current.expiresAt - clock()
      const lifetime = current.expiresAt === null ? Infinity : current.expiresAt - current.obtainedAt
      if (remaining > refreshMarginFor(lifetime)) return current.accessToken
      if (current.refreshToken) {
        current.refreshing ??= refresh(environmentId, current, clientOf(tokenClient), signal)
        return current.refreshing
      }
      if (remaining > 0) return current.accessToken
      wipe(environmentId)
      throw new WorkbenchError(
        'unauthorized',
        'The OAuth access token expired and the provider gave no refresh token.',
        {
          hint: 'Click Authorize to sign in again.',
        },
      )
    },

    status: statusOf,

    subscribe(environmentId, listener) {
      let set = listeners.get(environmentId)
      if (!set) listeners.set(environmentId, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(environmentId)
      }
    },

    syncConfig(environmentId, config) {
      const entry = tokens.get(environmentId)
      if (entry && entry.fingerprint !== fingerprintOf(config)) wipe(environmentId)
      const fingerprint = fingerprintOf(config)
      pending.drop((p) => p.environmentId === environmentId && p.fingerprint !== fingerprint)
    },

    signOut(environmentId) {
      wipe(environmentId)
      pending.drop((p) => p.environmentId === environmentId)
    },

    clear() {
      pending.clear()
      const ids = [...tokens.keys()]
      tokens.clear()
      for (const id of ids) notify(id)
    },
  }
}
