/** What the user typed for each method: the message value (form and raw JSON share it) and extra headers. */
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { PendingText } from '../components/form/form-pending.js'

export type { PendingText }

export interface HeaderRow {
  id: string
  name: string
  value: string
  isEnabled: boolean
}

export interface Draft {
  value: Record<string, unknown>
  headers: HeaderRow[]
  /** Text a field holds that its value cannot be yet (JSON that does not parse), by field path: Send waits for it. */
  pending: Readonly<Record<string, PendingText>>
  /** Strings the app filled in from a document (examples, defaults, default operations), as they were filled. */
  filled: readonly string[]
  /** Set when a Send was held back; the request editor then lists what stands in the way while anything does. */
  heldAt?: number
}

export interface DraftsState {
  drafts: Record<string, Draft>
  setValue: (key: string, value: Record<string, unknown>) => void
  setHeaders: (key: string, headers: HeaderRow[]) => void
  setPending: (key: string, path: string, pending: PendingText | undefined) => void
  /** Drops every pending text (the JSON editor replaced the message, or the form was cleared). */
  clearPending: (key: string) => void
  /** Records document strings the app wrote into the value. */
  addFilled: (key: string, strings: readonly string[]) => void
  /** The user keeps these filled strings as they are (their variables are substituted on purpose). */
  forgetFilled: (key: string, strings: readonly string[]) => void
  setHeld: (key: string, isHeld: boolean) => void
}

export type DraftsStore = StoreApi<DraftsState>

export const emptyDraft: Draft = Object.freeze({ value: {}, headers: [], pending: {}, filled: [] })

let rowCounter = 0
export function newHeaderRow(name = '', value = ''): HeaderRow {
  rowCounter += 1
  return { id: `h${rowCounter}`, name, value, isEnabled: true }
}

/** Enabled rows with a name, as the metadata object of an invoke request. */
export function headersToMetadata(rows: readonly HeaderRow[]): Record<string, string> | undefined {
  const entries = rows.filter((r) => r.isEnabled && r.name.trim()).map((r) => [r.name.trim(), r.value] as const)
  return entries.length ? Object.fromEntries(entries) : undefined
}

export function createDraftsStore(): DraftsStore {
  return createStore<DraftsState>()((set) => {
    const update = (key: string, patch: (draft: Draft) => Partial<Draft>) =>
      set((s) => {
        const draft = s.drafts[key] ?? emptyDraft
        const changes = patch(draft)
        // No change, no new state: subscribers (and effects that clear pending text) do not run again.
        if (Object.keys(changes).length === 0) return s
        return { drafts: { ...s.drafts, [key]: { ...draft, ...changes } } }
      })
    return {
      drafts: {},
      setValue: (key, value) => update(key, () => ({ value })),
      setHeaders: (key, headers) => update(key, () => ({ headers })),
      setPending: (key, path, pending) =>
        update(key, (draft) => {
          if (!pending && !(path in draft.pending)) return {}
          const next = { ...draft.pending }
          if (pending) next[path] = pending
          else delete next[path]
          return { pending: next }
        }),
      clearPending: (key) => update(key, (draft) => (Object.keys(draft.pending).length ? { pending: {} } : {})),
      addFilled: (key, strings) => update(key, (draft) => ({ filled: [...new Set([...draft.filled, ...strings])] })),
      forgetFilled: (key, strings) =>
        update(key, (draft) => ({ filled: draft.filled.filter((s) => !strings.includes(s)) })),
      setHeld: (key, isHeld) =>
        update(key, (draft) =>
          isHeld ? { heldAt: Date.now() } : draft.heldAt === undefined ? {} : { heldAt: undefined },
        ),
    }
  })
}
