/** What the user typed in a WebSocket pane, per method: the composer's kind and payload, and the close code and reason. */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { WsKind } from './ws-compose.js'

export interface WsDraft {
  kind: WsKind
  payload: string
  closeCode: string
  closeReason: string
}

export const emptyWsDraft: WsDraft = Object.freeze({ kind: 'text', payload: '', closeCode: '1000', closeReason: '' })

interface WsDraftsState {
  drafts: Record<string, WsDraft>
  update: (key: string, patch: Partial<WsDraft>) => void
}

// Module scope like the page's other drafts: they live as long as the tab, not the pane.
const wsDrafts = createStore<WsDraftsState>()((set) => ({
  drafts: {},
  update: (key, patch) =>
    set((s) => ({ drafts: { ...s.drafts, [key]: { ...(s.drafts[key] ?? emptyWsDraft), ...patch } } })),
}))

export function readWsDraft(key: string): WsDraft {
  return wsDrafts.getState().drafts[key] ?? emptyWsDraft
}

export function useWsDraft(key: string): [WsDraft, (patch: Partial<WsDraft>) => void] {
  const draft = useStore(wsDrafts, (s) => s.drafts[key] ?? emptyWsDraft)
  return [draft, (patch) => wsDrafts.getState().update(key, patch)]
}

export function writeWsDraft(key: string, patch: Partial<WsDraft>): void {
  wsDrafts.getState().update(key, patch)
}
