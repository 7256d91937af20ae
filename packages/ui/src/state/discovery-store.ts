/** Services discovered from URLs, with the per-URL attempts behind each status dot; URLs are discovered one by one. */
import type { AuthChallenge, DiscoveryAttempt, ServiceInfo } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import { sameTarget } from './url-spec.js'

export interface UrlDiscovery {
  url: string
  isLoading: boolean
  services: ServiceInfo[]
  attempts: DiscoveryAttempt[]
  /** The request itself failed (server unreachable, session problem…), as opposed to a plugin's attempt. */
  error?: ApiError
}

export interface DiscoveryState {
  byUrl: Record<string, UrlDiscovery>
  /** Discovers each URL on its own so that one slow target does not hold back the others. */
  discover: (urls: string[]) => Promise<void>
  /** Keeps only these URLs and discovers the ones not seen yet. */
  sync: (urls: string[]) => Promise<void>
}

export type DiscoveryStore = StoreApi<DiscoveryState>

export type UrlStatus =
  | { kind: 'loading' }
  | { kind: 'unknown' }
  | { kind: 'ok'; summary: string }
  /**
   * `hints` are the next steps the server gave for the failed attempts; `authChallenge` is set when an MCP server
   * refused for want of an OAuth token and named its protected-resource metadata (the URL can be connected).
   */
  | { kind: 'error'; reasons: string[]; hints?: string[]; authChallenge?: AuthChallenge }

function describeAttempt(attempt: DiscoveryAttempt): string {
  const what = attempt.message ?? (attempt.outcome === 'empty' ? 'no services found' : attempt.outcome)
  return `${attempt.pluginId}: ${what}`
}

/** ok when some plugin's attempt for the URL is ok; otherwise every reason the plugins gave. */
export function urlStatus(entry: UrlDiscovery | undefined): UrlStatus {
  if (!entry) return { kind: 'unknown' }
  if (entry.isLoading) return { kind: 'loading' }
  if (entry.error) {
    const { title, detail, hint } = entry.error.problem
    return { kind: 'error', reasons: [[title, detail, hint].filter(Boolean).join(' — ')] }
  }
  const ok = entry.attempts.filter((a) => a.outcome === 'ok')
  if (ok.length > 0) {
    const methods = entry.services.reduce((n, s) => n + s.methods.length, 0)
    const plugins = ok.map((a) => a.pluginId).join(', ')
    const count = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`
    return {
      kind: 'ok',
      summary: `${plugins}: ${count(entry.services.length, 'service')}, ${count(methods, 'operation')}`,
    }
  }
  if (entry.attempts.length === 0) return { kind: 'error', reasons: ['No protocol plugin answered for this URL.'] }
  const hints = [...new Set(entry.attempts.flatMap((a) => (a.hint ? [a.hint] : [])))]
  const challenge = entry.attempts.find((a) => a.pluginId === 'mcp' && a.authChallenge?.resourceMetadata)?.authChallenge
  return {
    kind: 'error',
    reasons: entry.attempts.map(describeAttempt),
    ...(hints.length > 0 ? { hints } : {}),
    ...(challenge ? { authChallenge: challenge } : {}),
  }
}

export function createDiscoveryStore(api: ApiClient): DiscoveryStore {
  // The latest request per URL wins; older answers are dropped.
  const generations = new Map<string, number>()

  const store = createStore<DiscoveryState>()((set, get) => ({
    byUrl: {},
    discover: async (urls) => {
      await Promise.all(urls.map((url) => discoverOne(url)))
    },
    sync: async (urls) => {
      const current = get().byUrl
      const kept: Record<string, UrlDiscovery> = {}
      for (const url of urls) if (current[url]) kept[url] = current[url]
      set({ byUrl: kept })
      await get().discover(urls.filter((url) => !current[url]))
    },
  }))

  async function discoverOne(url: string): Promise<void> {
    const generation = (generations.get(url) ?? 0) + 1
    generations.set(url, generation)
    const update = (entry: UrlDiscovery) => {
      if (generations.get(url) !== generation) return
      store.setState((state) => ({ byUrl: { ...state.byUrl, [url]: entry } }))
    }
    const previous = store.getState().byUrl[url]
    update({ url, isLoading: true, services: previous?.services ?? [], attempts: previous?.attempts ?? [] })
    try {
      const result = await api.discover({ urls: [url] })
      // The server may echo the address without the `protocol@` pin; keep what belongs to this URL.
      const attempts = result.attempts.filter((a) => sameTarget(a.url, url))
      update({
        url,
        isLoading: false,
        services: result.services,
        attempts: attempts.length ? attempts : result.attempts,
      })
    } catch (error) {
      update({ url, isLoading: false, services: [], attempts: [], error: ApiError.fromUnknown(error) })
    }
  }

  return store
}
