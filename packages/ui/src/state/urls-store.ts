/** The discovery URL list: user URLs persisted in localStorage, or a read-only list locked by the command line. */
import type { ClientConfig } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { loadPersisted, savePersisted, type PersistedSpec } from './persisted.js'
import { sameTarget, validateUrlSpec } from './url-spec.js'

export interface UrlsState {
  /** URLs the user added (ignored while locked). */
  userUrls: string[]
  /** URLs given on the command line; the list is read-only while set. */
  lockedUrls: string[] | null
  /** The demo services' URLs, shown as their own read-only group. */
  demoUrls: string[]
  /** Adds a URL; returns a message when it is invalid or already listed. */
  add: (url: string) => string | null
  remove: (url: string) => void
}

export type UrlsStore = StoreApi<UrlsState>

interface PersistedUrls {
  urls: string[]
}

const persistedUrls: PersistedSpec<PersistedUrls> = {
  key: 'wirebench.urls',
  version: 1,
  validate: (data): data is PersistedUrls =>
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as PersistedUrls).urls) &&
    (data as PersistedUrls).urls.every((u) => typeof u === 'string'),
}

/** Every URL discovery should cover, in display order. */
export function activeUrls(state: Pick<UrlsState, 'userUrls' | 'lockedUrls' | 'demoUrls'>): string[] {
  if (state.lockedUrls) return [...state.lockedUrls]
  return [...state.demoUrls, ...state.userUrls.filter((u) => !state.demoUrls.some((d) => sameTarget(d, u)))]
}

export function createUrlsStore(
  config: Pick<ClientConfig, 'lockedUrls' | 'demoUrls' | 'anyScheme' | 'workspace'>,
): UrlsStore {
  // `wirebench --workspace <dir>`: the page starts with that workspace's URLs instead of the last session's.
  const initial = config.workspace ? [...config.workspace.urls] : (loadPersisted(persistedUrls)?.urls ?? [])
  return createStore<UrlsState>()((set, get) => ({
    userUrls: initial,
    lockedUrls: config.lockedUrls,
    demoUrls: config.lockedUrls ? [] : config.demoUrls,
    add: (url) => {
      const state = get()
      if (state.lockedUrls) return 'The URL list is locked by the command line.'
      const trimmed = url.trim()
      const problem = validateUrlSpec(trimmed, { anyScheme: config.anyScheme === true })
      if (problem) return problem
      if (activeUrls(state).some((existing) => sameTarget(existing, trimmed))) return 'This URL is already listed.'
      const userUrls = [...state.userUrls, trimmed]
      savePersisted(persistedUrls, { urls: userUrls })
      set({ userUrls })
      return null
    },
    remove: (url) => {
      const state = get()
      if (state.lockedUrls) return
      const userUrls = state.userUrls.filter((u) => u !== url)
      savePersisted(persistedUrls, { urls: userUrls })
      set({ userUrls })
    },
  }))
}
