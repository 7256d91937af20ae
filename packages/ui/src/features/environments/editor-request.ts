/** Asks the top bar to open the environments editor on a tab, from elsewhere on the page (a hint's action). */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EnvironmentPart } from './save-refusal.js'

export interface EditorRequest {
  part: EnvironmentPart
  /** A variable whose row the editor lands on (its value field takes the focus). */
  variable?: string
  /** Grows with each request, so the same request twice opens the editor twice. */
  seq: number
}

export interface EditorRequestState {
  request: EditorRequest | null
  open: (part: EnvironmentPart, options?: { variable?: string }) => void
}

export type EditorRequestStore = StoreApi<EditorRequestState>

export function createEditorRequestStore(): EditorRequestStore {
  return createStore<EditorRequestState>()((set, get) => ({
    request: null,
    open: (part, options) =>
      set({
        request: {
          part,
          ...(options?.variable !== undefined ? { variable: options.variable } : {}),
          seq: (get().request?.seq ?? 0) + 1,
        },
      }),
  }))
}
