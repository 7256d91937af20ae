/** User preferences kept in localStorage: theme, pane sizes and the server URL chosen for each uploaded origin. */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { loadPersisted, savePersisted, type PersistedSpec } from './persisted.js'

export type ThemeChoice = 'system' | 'light' | 'dark'

interface Prefs {
  theme: ThemeChoice
  sidebarWidth: number
  /** Share of the remaining width taken by the request pane. */
  requestShare: number
  /** Origin (uploaded file name or discovery URL) → server URL calls go to. */
  serverUrls: Record<string, string>
}

export interface PrefsState extends Prefs {
  setTheme: (theme: ThemeChoice) => void
  setSidebarWidth: (width: number) => void
  setRequestShare: (share: number) => void
  setServerUrl: (origin: string, url: string) => void
}

export type PrefsStore = StoreApi<PrefsState>

const defaults: Prefs = { theme: 'system', sidebarWidth: 300, requestShare: 0.5, serverUrls: {} }

const persistedPrefs: PersistedSpec<Prefs> = {
  key: 'wirebench.prefs',
  version: 1,
  validate: (data): data is Prefs => {
    if (typeof data !== 'object' || data === null) return false
    const p = data as Partial<Prefs>
    return (
      (p.theme === 'system' || p.theme === 'light' || p.theme === 'dark') &&
      typeof p.sidebarWidth === 'number' &&
      typeof p.requestShare === 'number' &&
      typeof p.serverUrls === 'object' &&
      p.serverUrls !== null
    )
  },
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

export function createPrefsStore(): PrefsStore {
  const initial = { ...defaults, ...loadPersisted(persistedPrefs) }
  return createStore<PrefsState>()((set, get) => {
    const update = (patch: Partial<Prefs>) => {
      set(patch)
      const { theme, sidebarWidth, requestShare, serverUrls } = get()
      savePersisted(persistedPrefs, { theme, sidebarWidth, requestShare, serverUrls })
    }
    return {
      ...initial,
      setTheme: (theme) => update({ theme }),
      setSidebarWidth: (width) => update({ sidebarWidth: clamp(Math.round(width), 220, 560) }),
      setRequestShare: (share) => update({ requestShare: clamp(share, 0.25, 0.75) }),
      setServerUrl: (origin, url) => {
        const serverUrls = { ...get().serverUrls }
        if (url.trim()) serverUrls[origin] = url.trim()
        else delete serverUrls[origin]
        update({ serverUrls })
      },
    }
  })
}
