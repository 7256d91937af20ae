/**
 * The cookie jars of a server: one in-memory jar per environment (SPEC.md "Cookie jar (REST)"), created on first use,
 * shared by every plugin of the server, bounded in environments (least recently used goes) and in cookies per jar.
 */
import { CookieJar } from 'tough-cookie'
import type { Cookie } from 'tough-cookie'
import { BoundedCookieStore } from './bounded-store.js'
import type { CookieStoreLimits } from './bounded-store.js'

export interface CookieJarsOptions {
  /** Most environments holding a jar at once. */
  maxEnvironments?: number
  /** Most cookies one environment's jar keeps. */
  maxCookiesPerJar?: number
  /** Most bytes of cookie names and values one environment's jar keeps. */
  maxBytesPerJar?: number
}

/** What may be shown of a stored cookie: never its value. */
export interface CookieSummary {
  name: string
  domain: string
  path: string
  /** True when the cookie is only sent to the host that set it (no Domain attribute). */
  hostOnly: boolean
  secure: boolean
  httpOnly: boolean
  /** ISO 8601, or absent for a session cookie. */
  expires?: string
}

export interface CookieJars {
  /** The environment's jar, created empty on first use. */
  jarFor(environmentId: string): CookieJar
  /** Forgets every cookie of the environment. Returns how many there were. */
  clear(environmentId: string): number
  /** The environment's cookies without their values; empty for an environment without a jar. */
  list(environmentId: string): CookieSummary[]
  /** Environments currently holding a jar. */
  readonly size: number
}

export const defaultCookieJarLimits = {
  maxEnvironments: 64,
  maxCookiesPerJar: 1_000,
  maxBytesPerJar: 1024 * 1024,
} as const

export function createCookieJars(options: CookieJarsOptions = {}): CookieJars {
  const maxEnvironments = options.maxEnvironments ?? defaultCookieJarLimits.maxEnvironments
  const limits: CookieStoreLimits = {
    maxCookies: options.maxCookiesPerJar ?? defaultCookieJarLimits.maxCookiesPerJar,
    maxBytes: options.maxBytesPerJar ?? defaultCookieJarLimits.maxBytesPerJar,
  }
  // Insertion order is recency order: a used jar moves to the end, the first one is evicted.
  const jars = new Map<string, CookieJar>()

  return {
    jarFor(environmentId) {
      const existing = jars.get(environmentId)
      if (existing) {
        jars.delete(environmentId)
        jars.set(environmentId, existing)
        return existing
      }
      // Loopback and other special-use names are what a workbench talks to most; a jar must accept their cookies.
      const jar = new CookieJar(new BoundedCookieStore(limits), { allowSpecialUseDomain: true })
      jars.set(environmentId, jar)
      if (jars.size > maxEnvironments) {
        const oldest = jars.keys().next().value
        if (oldest !== undefined) jars.delete(oldest)
      }
      return jar
    },
    clear(environmentId) {
      const jar = jars.get(environmentId)
      if (!jar) return 0
      jars.delete(environmentId)
      const store = jar.store as BoundedCookieStore
      return store.cookieCount
    },
    list(environmentId) {
      const jar = jars.get(environmentId)
      if (!jar) return []
      return (jar.store as BoundedCookieStore).snapshot().map(summarize)
    },
    get size() {
      return jars.size
    },
  }
}

function summarize(cookie: Cookie): CookieSummary {
  const summary: CookieSummary = {
    name: cookie.key,
    domain: cookie.domain ?? '',
    path: cookie.path ?? '/',
    hostOnly: cookie.hostOnly === true,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
  }
  if (cookie.expires instanceof Date) summary.expires = cookie.expires.toISOString()
  return summary
}
