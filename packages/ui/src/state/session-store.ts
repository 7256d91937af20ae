/** Page-wide session facts: the injected config and whether the server refused our session token. */
import type { ClientConfig } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiError } from '../api/api-error.js'

export interface SessionState {
  config: ClientConfig
  sessionProblem: ApiError | null
  /** The session works and the page began loading: requests of views that load on their own may go out. */
  isReady: boolean
  markReady: () => void
  reportSessionProblem: (error: ApiError) => void
  clearSessionProblem: () => void
}

export type SessionStore = StoreApi<SessionState>

export function createSessionStore(config: ClientConfig): SessionStore {
  return createStore<SessionState>()((set) => ({
    config,
    sessionProblem: null,
    isReady: false,
    markReady: () => set({ isReady: true }),
    reportSessionProblem: (error) => set({ sessionProblem: error }),
    clearSessionProblem: () => set({ sessionProblem: null }),
  }))
}
