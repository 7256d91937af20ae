/** The plugins the server runs (built-ins and sidecars with their state), loaded when the Plugins tab opens. */
import type { PluginInfo, PluginRestartResponse, PluginsResponse } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'

export interface PluginsState {
  plugins: PluginInfo[]
  isLoading: boolean
  loadError?: ApiError
  /** Sidecars being restarted. */
  restarting: ReadonlySet<string>
  /** The last failed restart of each plugin. */
  restartErrors: Readonly<Record<string, ApiError>>
  load: () => Promise<void>
  restart: (id: string) => Promise<void>
}

export type PluginsStore = StoreApi<PluginsState>

export function createPluginsStore(api: ApiClient): PluginsStore {
  return createStore<PluginsState>()((set, get) => ({
    plugins: [],
    isLoading: false,
    restarting: new Set(),
    restartErrors: {},
    load: async () => {
      set({ isLoading: true })
      try {
        const result = await api.request<PluginsResponse>('/api/plugins')
        set({ plugins: result.plugins, loadError: undefined })
      } catch (error) {
        set({ loadError: ApiError.fromUnknown(error) })
      } finally {
        set({ isLoading: false })
      }
    },
    restart: async (id) => {
      const without = (errors: Readonly<Record<string, ApiError>>) =>
        Object.fromEntries(Object.entries(errors).filter(([key]) => key !== id))
      set((s) => ({ restarting: new Set([...s.restarting, id]), restartErrors: without(s.restartErrors) }))
      try {
        const { plugin } = await api.request<PluginRestartResponse>(`/api/plugins/${encodeURIComponent(id)}/restart`, {
          method: 'POST',
          json: {},
        })
        set((s) => ({ plugins: s.plugins.map((p) => (p.id === id ? plugin : p)) }))
      } catch (error) {
        set((s) => ({ restartErrors: { ...s.restartErrors, [id]: ApiError.fromUnknown(error) } }))
        await get().load()
      } finally {
        set((s) => ({ restarting: new Set([...s.restarting].filter((key) => key !== id)) }))
      }
    },
  }))
}
