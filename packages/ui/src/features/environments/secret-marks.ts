/**
 * Variables the user marked secret, per environment: masked in this browser, and withheld (with those named like a
 * secret or used by a secret auth field) from hosts the environment's credentials are not bound to. A local
 * preference (localStorage), not part of the environment document.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { loadPersisted, savePersisted, type PersistedSpec } from '../../state/persisted.js'

type Marks = Record<string, string[]>

const persistedMarks: PersistedSpec<Marks> = {
  key: 'wirebench.secretVariables',
  version: 1,
  validate: (data): data is Marks =>
    typeof data === 'object' &&
    data !== null &&
    Object.values(data).every((names) => Array.isArray(names) && names.every((n) => typeof n === 'string')),
}

interface MarksState {
  marks: Marks
  toggle: (environmentId: string, name: string) => void
}

const marksStore = createStore<MarksState>()((set, get) => ({
  marks: loadPersisted(persistedMarks) ?? {},
  toggle: (environmentId, name) => {
    const current = get().marks[environmentId] ?? []
    const next = current.includes(name) ? current.filter((n) => n !== name) : [...current, name]
    const marks = { ...get().marks, [environmentId]: next }
    savePersisted(persistedMarks, marks)
    set({ marks })
  },
}))

const none: readonly string[] = Object.freeze([])

/** The variables marked secret in an environment, outside React (the call pipeline withholds them from refused hosts). */
export function secretMarksOf(environmentId: string): readonly string[] {
  return marksStore.getState().marks[environmentId] ?? none
}

export function useSecretMarks(environmentId: string): { marked: readonly string[]; toggle: (name: string) => void } {
  const marked = useStore(marksStore, (s) => s.marks[environmentId] ?? none)
  return { marked, toggle: (name) => marksStore.getState().toggle(environmentId, name) }
}

/** Marks variables secret (those already marked stay so): credentials an import put into the environment. */
export function markSecret(environmentId: string, names: readonly string[]): void {
  const current = marksStore.getState().marks[environmentId] ?? []
  for (const name of names) if (!current.includes(name)) marksStore.getState().toggle(environmentId, name)
}
