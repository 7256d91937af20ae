/**
 * Values of memory-only auth fields (the mTLS passphrase): kept per environment in this tab only, never saved, never
 * sent to the server, handed to the auth pipeline when a call is prepared.
 */
import type { MemorySecretLookup } from '@wirebench/auth'
import { createStore, type StoreApi } from 'zustand/vanilla'

export interface MemorySecretsState {
  /** Environment id → field key → value. */
  values: Record<string, Record<string, string>>
  set: (environmentId: string, key: string, value: string) => void
  forget: (environmentId: string) => void
}

export type MemorySecretsStore = StoreApi<MemorySecretsState>

export function createMemorySecretsStore(): MemorySecretsStore {
  return createStore<MemorySecretsState>()((set) => ({
    values: {},
    set: (environmentId, key, value) =>
      set((s) => ({ values: { ...s.values, [environmentId]: { ...s.values[environmentId], [key]: value } } })),
    forget: (environmentId) =>
      set((s) => {
        const { [environmentId]: _gone, ...rest } = s.values
        return { values: rest }
      }),
  }))
}

export function memorySecretLookup(store: MemorySecretsStore): MemorySecretLookup {
  return (environmentId, key) => store.getState().values[environmentId]?.[key] || undefined
}
