/** The draft (message value, headers, pending texts) of one method, with setters bound to it. */
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { emptyDraft, type Draft, type HeaderRow, type PendingText } from './drafts-store.js'
import { useWorkbench } from './useWorkbench.js'

export interface DraftActions {
  setValue: (value: Record<string, unknown>) => void
  setHeaders: (rows: HeaderRow[]) => void
  setPending: (path: string, pending: PendingText | undefined) => void
  clearPending: () => void
  addFilled: (strings: readonly string[]) => void
  forgetFilled: (strings: readonly string[]) => void
}

export type DraftHandle = Draft & DraftActions

export function useDraft(key: string): DraftHandle {
  const { drafts } = useWorkbench()
  const draft = useStore(drafts, (s) => s.drafts[key] ?? emptyDraft)
  // Stable setters: effects and memos that depend on them do not run again on every render.
  const actions = useMemo<DraftActions>(() => {
    const state = () => drafts.getState()
    return {
      setValue: (value) => state().setValue(key, value),
      setHeaders: (rows) => state().setHeaders(key, rows),
      setPending: (path, pending) => state().setPending(key, path, pending),
      clearPending: () => state().clearPending(key),
      addFilled: (strings) => state().addFilled(key, strings),
      forgetFilled: (strings) => state().forgetFilled(key, strings),
    }
  }, [drafts, key])
  return { ...draft, ...actions }
}
