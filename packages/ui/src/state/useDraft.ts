/** The draft (message value and headers) of one method, with setters bound to it. */
import { useStore } from 'zustand'
import { emptyDraft, type Draft, type HeaderRow } from './drafts-store.js'
import { useWorkbench } from './useWorkbench.js'

export interface DraftHandle extends Draft {
  setValue: (value: Record<string, unknown>) => void
  setHeaders: (rows: HeaderRow[]) => void
}

export function useDraft(key: string): DraftHandle {
  const { drafts } = useWorkbench()
  const draft = useStore(drafts, (s) => s.drafts[key] ?? emptyDraft)
  return {
    ...draft,
    setValue: (value) => drafts.getState().setValue(key, value),
    setHeaders: (rows) => drafts.getState().setHeaders(key, rows),
  }
}
