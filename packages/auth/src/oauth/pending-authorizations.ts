/** Sign-ins started and not yet completed, by CSRF `state`: each is taken once, and abandoned after 10 minutes. */
import type { OAuth2AuthorizationCodeAuth } from '../environment.js'

export interface PendingAuthorization {
  environmentId: string
  fingerprint: string
  config: OAuth2AuthorizationCodeAuth
  redirectUri: string
  codeVerifier: string
  createdAt: number
}

export interface PendingAuthorizations {
  add(state: string, entry: PendingAuthorization): void
  /** Removes and returns the sign-in `state` belongs to; undefined when unknown or expired. */
  take(state: string): PendingAuthorization | undefined
  /** Forgets every sign-in for which `predicate` holds. */
  drop(predicate: (entry: PendingAuthorization) => boolean): void
  clear(): void
}

// A login that takes longer than this is abandoned; a few parallel attempts (several environments) are allowed.
export const PENDING_TTL_MS = 10 * 60_000
const MAX_PENDING = 8

export function createPendingAuthorizations(clock: () => number): PendingAuthorizations {
  const pending = new Map<string, PendingAuthorization>()
  const prune = () => {
    const now = clock()
    for (const [state, entry] of pending) if (now - entry.createdAt > PENDING_TTL_MS) pending.delete(state)
  }
  return {
    add(state, entry) {
      prune()
      while (pending.size >= MAX_PENDING) {
        const oldest = pending.keys().next().value
        if (oldest === undefined) break
        pending.delete(oldest)
      }
      pending.set(state, entry)
    },
    take(state) {
      prune()
      const entry = pending.get(state)
      pending.delete(state)
      return entry
    },
    drop(predicate) {
      for (const [state, entry] of pending) if (predicate(entry)) pending.delete(state)
    },
    clear() {
      pending.clear()
    },
  }
}
