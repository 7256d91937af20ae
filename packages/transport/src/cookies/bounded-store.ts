/** An in-memory cookie store with a cap on cookies and bytes: past it, the least recently set cookie goes first. */
import { MemoryCookieStore } from 'tough-cookie'
import type { Cookie, ErrorCallback } from 'tough-cookie'

export interface CookieStoreLimits {
  /** Most cookies one jar keeps. */
  maxCookies: number
  /** Most bytes of names and values one jar keeps. */
  maxBytes: number
}

interface Entry {
  domain: string
  path: string
  key: string
  bytes: number
}

/**
 * A target decides what it sets, so an unbounded jar is a memory leak a hostile server can drive. Browsers cap jars
 * the same way (RFC 6265 §6.1) and evict old cookies rather than refuse new ones; this store does likewise.
 */
export class BoundedCookieStore extends MemoryCookieStore {
  private readonly limits: CookieStoreLimits
  // Insertion order is recency order: a re-set cookie moves to the end.
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(limits: CookieStoreLimits) {
    super()
    this.limits = limits
  }

  get cookieCount(): number {
    return this.entries.size
  }

  /** The stored cookies, oldest first, read synchronously (the memory store answers in the same tick). */
  snapshot(): Cookie[] {
    const cookies: Cookie[] = []
    for (const { domain, path, key } of this.entries.values()) {
      const cookie = this.idx[domain]?.[path]?.[key]
      if (cookie) cookies.push(cookie)
    }
    return cookies
  }

  override putCookie(cookie: Cookie): Promise<void>
  override putCookie(cookie: Cookie, callback: ErrorCallback): void
  override putCookie(cookie: Cookie, callback?: ErrorCallback): Promise<void> | undefined {
    const { domain, path, key } = cookie
    if (domain != null && path != null && key != null) {
      this.forget(domain, path, key)
      const entry: Entry = { domain, path, key, bytes: key.length + cookie.value.length }
      this.entries.set(entryId(domain, path, key), entry)
      this.bytes += entry.bytes
      this.evictOverflow(entry)
    }
    if (callback) {
      super.putCookie(cookie, callback)
      return undefined
    }
    return super.putCookie(cookie)
  }

  override removeCookie(domain: string, path: string, key: string): Promise<void>
  override removeCookie(domain: string, path: string, key: string, callback: ErrorCallback): void
  override removeCookie(
    domain: string,
    path: string,
    key: string,
    callback?: ErrorCallback,
  ): Promise<void> | undefined {
    this.forget(domain, path, key)
    if (callback) {
      super.removeCookie(domain, path, key, callback)
      return undefined
    }
    return super.removeCookie(domain, path, key)
  }

  override removeCookies(domain: string, path: string): Promise<void>
  override removeCookies(domain: string, path: string, callback: ErrorCallback): void
  override removeCookies(domain: string, path: string, callback?: ErrorCallback): Promise<void> | undefined {
    for (const entry of [...this.entries.values()]) {
      if (entry.domain === domain && (!path || entry.path === path)) this.forget(entry.domain, entry.path, entry.key)
    }
    if (callback) {
      super.removeCookies(domain, path, callback)
      return undefined
    }
    return super.removeCookies(domain, path)
  }

  override removeAllCookies(): Promise<void>
  override removeAllCookies(callback: ErrorCallback): void
  override removeAllCookies(callback?: ErrorCallback): Promise<void> | undefined {
    this.entries.clear()
    this.bytes = 0
    if (callback) {
      super.removeAllCookies(callback)
      return undefined
    }
    return super.removeAllCookies()
  }

  private forget(domain: string, path: string, key: string): void {
    const id = entryId(domain, path, key)
    const entry = this.entries.get(id)
    if (!entry) return
    this.entries.delete(id)
    this.bytes -= entry.bytes
  }

  /** Drops the oldest cookies until the jar fits again; the cookie just set stays (it is the newest). */
  private evictOverflow(newest: Entry): void {
    for (const entry of this.entries.values()) {
      if (this.entries.size <= this.limits.maxCookies && this.bytes <= this.limits.maxBytes) return
      if (entry === newest) return
      this.forget(entry.domain, entry.path, entry.key)
      delete this.idx[entry.domain]?.[entry.path]?.[entry.key]
    }
  }
}

function entryId(domain: string, path: string, key: string): string {
  return JSON.stringify([domain, path, key])
}
