/**
 * A keyed in-memory token cache: a token is reused while more than the refresh margin (60 s, or half the lifetime of
 * a shorter-lived token) from expiry, concurrent requests for one key share a single in-flight fetch, and a changed
 * config fingerprint drops the entry.
 */

/** Refresh this long before expiry (SPEC.md "Limits": about 60 seconds). */
export const TOKEN_REFRESH_MARGIN_MS = 60_000

/**
 * The margin for a token that lived `lifetimeMs` when it was stored: `min(margin, lifetime / 2)`, so a token issued
 * for 60 s or less is still reused for half its life instead of being fetched again on every call.
 */
export function refreshMarginFor(lifetimeMs: number, marginMs: number = TOKEN_REFRESH_MARGIN_MS): number {
  return Math.max(0, Math.min(marginMs, lifetimeMs / 2))
}

export interface CachedToken {
  accessToken: string
  /** Milliseconds since the epoch. */
  expiresAt: number
}

export interface TokenCacheOptions {
  clock?: () => number
  refreshMarginMs?: number
}

export interface TokenCacheRequest {
  /** Which token this is (e.g. tokenUrl, clientId, scope, audience). */
  key: string
  /** A hash of every config field, secrets included: a different value means the config changed. */
  fingerprint: string
  fetch: () => Promise<CachedToken>
}

export interface TokenCache {
  /** The cached token when still fresh, otherwise a fetched one (shared with concurrent callers of the same key). */
  get(request: TokenCacheRequest): Promise<CachedToken>
  /** The fresh cached token, if any, without fetching. */
  peek(key: string, fingerprint: string): CachedToken | undefined
  /** Forgets one key. */
  invalidate(key: string): void
  clear(): void
}

interface Entry {
  fingerprint: string
  token?: CachedToken
  /** When the token was stored: its lifetime (expiresAt - storedAt) bounds the refresh margin. */
  storedAt?: number
  inflight?: Promise<CachedToken>
}

// Bounds memory when a config is edited many times; each edit yields a new key at most.
const MAX_ENTRIES = 256

export function createTokenCache(options: TokenCacheOptions = {}): TokenCache {
  const clock = options.clock ?? (() => Date.now())
  const margin = options.refreshMarginMs ?? TOKEN_REFRESH_MARGIN_MS
  const entries = new Map<string, Entry>()

  const freshToken = (entry: Entry | undefined): CachedToken | undefined => {
    const token = entry?.token
    if (!token) return undefined
    const now = clock()
    const lifetime = token.expiresAt - (entry.storedAt ?? now)
    return token.expiresAt - now > refreshMarginFor(lifetime, margin) ? token : undefined
  }

  const current = (key: string, fingerprint: string): Entry | undefined => {
    const entry = entries.get(key)
    if (entry && entry.fingerprint !== fingerprint) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  return {
    get({ key, fingerprint, fetch }) {
      const entry = current(key, fingerprint)
      const cached = freshToken(entry)
      if (cached) return Promise.resolve(cached)
      if (entry?.inflight) return entry.inflight
      const fresh: Entry = { fingerprint }
      const inflight = fetch().then(
        (token) => {
          // A clear() or an edit while the fetch ran replaced the entry: the result is still returned, not stored.
          if (entries.get(key) === fresh) {
            fresh.token = token
            fresh.storedAt = clock()
          }
          delete fresh.inflight
          return token
        },
        (error: unknown) => {
          if (entries.get(key) === fresh) entries.delete(key)
          throw error
        },
      )
      fresh.inflight = inflight
      entries.delete(key)
      entries.set(key, fresh)
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      return inflight
    },
    peek(key, fingerprint) {
      const entry = entries.get(key)
      return entry?.fingerprint === fingerprint ? freshToken(entry) : undefined
    },
    invalidate(key) {
      entries.delete(key)
    },
    clear() {
      entries.clear()
    },
  }
}
