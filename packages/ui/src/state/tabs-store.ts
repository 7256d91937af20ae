/**
 * The open request tabs: which requests are open (a discovered method, a saved request, or a request from history
 * or an import), what each was when opened or last saved, and the recently closed ones for "reopen closed tab". The
 * active tab is the selection's `selectedKey`; the drafts hold what each tab's pane shows.
 */
import type { SavedAuth, SavedRequest } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { RequestAddress } from './request-address.js'

export interface OpenTab {
  /** The draft key of the tab's pane: a catalog method key, or `saved:<path>` / `new:<n>` for requests of their own. */
  key: string
  address: RequestAddress
  title: string
  /** `<folder>/<name>` once the request is saved in the workspace. */
  savedPath?: string
  /** The file's revision when it was opened or last saved: a save names it so a change made elsewhere is not lost. */
  revision?: string
  /** The request's fingerprint when it was opened or saved: the tab shows a dot while the pane differs from it. */
  baseline: string
  /** An unsaved request's own auth (a curl `-u` made it), sent with its calls and written by its first save. */
  auth?: SavedAuth
}

export interface ClosedTab {
  tab: OpenTab
  request: SavedRequest
}

/** Closed tabs kept for Ctrl+Shift+T. */
const CLOSED_LIMIT = 20

export interface TabsState {
  tabs: OpenTab[]
  closed: ClosedTab[]
  /** Adds the tab at the end, or leaves an open tab with the same key where it is. */
  open: (tab: OpenTab) => void
  update: (key: string, patch: Partial<Omit<OpenTab, 'key'>>) => void
  /** Removes the tab and remembers it with the request it held. */
  close: (key: string, request: SavedRequest) => void
  /** The most recently closed tab, taken off the list. */
  takeClosed: () => ClosedTab | undefined
  replaceAll: (tabs: OpenTab[]) => void
}

export type TabsStore = StoreApi<TabsState>

let newCounter = 0
/** A key for a request that is not a discovered method's own draft (history, import, duplicate). */
export function newTabKey(): string {
  newCounter += 1
  return `new:${Date.now().toString(36)}-${newCounter}`
}

export function savedTabKey(path: string): string {
  return `saved:${path}`
}

export function createTabsStore(): TabsStore {
  return createStore<TabsState>()((set, get) => ({
    tabs: [],
    closed: [],
    open: (tab) => set((s) => (s.tabs.some((t) => t.key === tab.key) ? s : { tabs: [...s.tabs, tab] })),
    update: (key, patch) => set((s) => ({ tabs: s.tabs.map((t) => (t.key === key ? { ...t, ...patch } : t)) })),
    close: (key, request) =>
      set((s) => {
        const tab = s.tabs.find((t) => t.key === key)
        if (!tab) return s
        return {
          tabs: s.tabs.filter((t) => t.key !== key),
          closed: [...s.closed, { tab, request }].slice(-CLOSED_LIMIT),
        }
      }),
    takeClosed: () => {
      const last = get().closed.at(-1)
      if (last) set((s) => ({ closed: s.closed.slice(0, -1) }))
      return last
    },
    replaceAll: (tabs) => set({ tabs }),
  }))
}
