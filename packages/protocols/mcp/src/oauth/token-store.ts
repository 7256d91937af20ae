/**
 * The tokens MCP authorization obtained, in memory only, one entry per MCP server (its canonical URL, which is also
 * the RFC 8707 resource they were issued for). An entry is refreshed within a minute of expiry (half the lifetime of a
 * shorter-lived token) and when a server refuses it; concurrent callers share one refresh.
 */
import { WorkbenchError } from '@wirebench/core'

export interface HeldTokens {
  accessToken: string
  refreshToken?: string | undefined
  /** Milliseconds since the epoch; undefined when the authorization server gave no lifetime. */
  expiresAt?: number | undefined
  obtainedAt: number
  scope?: string | undefined
  /** Who the tokens act for, when the server said (an ID token's `name`, `email` or `sub`). */
  subject?: string | undefined
}

/** Runs the refresh grant; resolves the new tokens. */
export type Refresh = (held: HeldTokens, signal?: AbortSignal) => Promise<HeldTokens>

const refreshMarginMs = 60_000

/** Only the authorization server saying no (4xx, e.g. `invalid_grant`) ends a connection; an outage does not. */
export function isProviderRejection(error: unknown): boolean {
  const failure = WorkbenchError.from(error)
  const status = failure.details?.['upstreamStatus']
  return failure.code === 'upstream_error' && typeof status === 'number' && status >= 400 && status < 500
}

export class TokenStore {
  private readonly entries = new Map<string, { held: HeldTokens; refresh: Refresh; refreshing?: Promise<HeldTokens> }>()

  constructor(private readonly clock: () => number = Date.now) {}

  set(serverUrl: string, held: HeldTokens, refresh: Refresh): void {
    this.entries.set(serverUrl, { held, refresh })
  }

  get(serverUrl: string): HeldTokens | undefined {
    return this.entries.get(serverUrl)?.held
  }

  forget(serverUrl: string): boolean {
    return this.entries.delete(serverUrl)
  }

  clear(): void {
    this.entries.clear()
  }

  /** A token good for the next request, refreshed first when near expiry; undefined when none is held any more. */
  async current(serverUrl: string, signal?: AbortSignal): Promise<string | undefined> {
    const entry = this.entries.get(serverUrl)
    if (!entry) return undefined
    const { held } = entry
    if (held.expiresAt === undefined) return held.accessToken
    const remaining = held.expiresAt - this.clock()
    const margin = Math.min(refreshMarginMs, (held.expiresAt - held.obtainedAt) / 2)
    if (remaining > margin) return held.accessToken
    if (held.refreshToken === undefined) {
      if (remaining > 0) return held.accessToken
      this.entries.delete(serverUrl)
      return undefined
    }
    try {
      return (await this.refreshed(serverUrl, signal)).accessToken
    } catch (error) {
      // Still valid for a moment: an unreachable authorization server must not fail a call that would succeed.
      if (remaining > 0 && !isProviderRejection(error)) return held.accessToken
      throw error
    }
  }

  /** After a server refused `rejected`: the refreshed token, or undefined when there is none to be had. */
  async afterRejection(serverUrl: string, rejected: string, signal?: AbortSignal): Promise<string | undefined> {
    const entry = this.entries.get(serverUrl)
    if (!entry) return undefined
    if (entry.held.accessToken !== rejected) return entry.held.accessToken
    if (entry.held.refreshToken === undefined) {
      this.entries.delete(serverUrl)
      return undefined
    }
    try {
      return (await this.refreshed(serverUrl, signal)).accessToken
    } catch {
      return undefined
    }
  }

  /** One refresh per entry at a time; a refusal by the authorization server forgets the entry. */
  private refreshed(serverUrl: string, signal?: AbortSignal): Promise<HeldTokens> {
    const entry = this.entries.get(serverUrl)
    if (!entry) return Promise.reject(new WorkbenchError('unauthorized', `${serverUrl} is not connected.`))
    entry.refreshing ??= entry
      .refresh(entry.held, signal)
      .then((held) => {
        if (this.entries.get(serverUrl) === entry) entry.held = held
        return held
      })
      .catch((error: unknown) => {
        if (isProviderRejection(error) && this.entries.get(serverUrl) === entry) this.entries.delete(serverUrl)
        throw error
      })
      .finally(() => {
        delete entry.refreshing
      })
    return entry.refreshing
  }
}
