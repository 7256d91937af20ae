/** Which workspace's history the server last said it recorded calls in (the live socket's `history.changed`). */
import { createStore } from 'zustand/vanilla'

export interface HistorySignal {
  workspace: string
  /** Increases with every announcement, so the same workspace twice is two changes. */
  count: number
}

export const historySignal = createStore<HistorySignal>()(() => ({ workspace: '', count: 0 }))

export function announceHistoryChange(workspace: string): void {
  historySignal.setState((s) => ({ workspace, count: s.count + 1 }))
}
