/** What the user typed for each method: the message value (form and raw JSON share it) and extra headers. */
import { createStore, type StoreApi } from 'zustand/vanilla'

export interface HeaderRow {
  id: string
  name: string
  value: string
  isEnabled: boolean
}

export interface Draft {
  value: Record<string, unknown>
  headers: HeaderRow[]
}

export interface DraftsState {
  drafts: Record<string, Draft>
  setValue: (key: string, value: Record<string, unknown>) => void
  setHeaders: (key: string, headers: HeaderRow[]) => void
}

export type DraftsStore = StoreApi<DraftsState>

export const emptyDraft: Draft = Object.freeze({ value: {}, headers: [] })

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
  return createStore<DraftsState>()((set) => ({
    drafts: {},
    setValue: (key, value) =>
      set((s) => ({ drafts: { ...s.drafts, [key]: { ...(s.drafts[key] ?? emptyDraft), value } } })),
    setHeaders: (key, headers) =>
      set((s) => ({ drafts: { ...s.drafts, [key]: { ...(s.drafts[key] ?? emptyDraft), headers } } })),
  }))
}
