/**
 * Methods with their messages, fetched from the server for methods discovery listed `deferred` (a document too large
 * to describe whole, such as Microsoft Graph's). An entry belongs to the listed method it was fetched for: a
 * rediscovery lists new method objects, and they are fetched again.
 */
import type { MethodInfo } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import type { MethodRef } from './catalog.js'

export type MethodDescription =
  | { status: 'loading'; listed: MethodInfo }
  | { status: 'ready'; listed: MethodInfo; method: MethodInfo }
  | { status: 'error'; listed: MethodInfo; error: ApiError }

export interface MethodDescriptionsState {
  byKey: Record<string, MethodDescription>
  /** Fetches the method unless it is on its way or here for the same listing; a failed fetch is tried again. */
  load: (ref: MethodRef) => void
}

export type MethodDescriptionsStore = StoreApi<MethodDescriptionsState>

export function createMethodDescriptionsStore(api: Pick<ApiClient, 'method'>): MethodDescriptionsStore {
  return createStore<MethodDescriptionsState>()((set, get) => {
    const put = (key: string, entry: MethodDescription) => {
      // An answer for a listing that was replaced meanwhile is dropped.
      if (get().byKey[key]?.listed !== entry.listed) return
      set((s) => ({ byKey: { ...s.byKey, [key]: entry } }))
    }
    return {
      byKey: {},
      load: (ref) => {
        const current = get().byKey[ref.key]
        if (current && current.listed === ref.method && current.status !== 'error') return
        const listed = ref.method
        set((s) => ({ byKey: { ...s.byKey, [ref.key]: { status: 'loading', listed } } }))
        const query = {
          protocol: ref.service.protocol,
          url: ref.origin,
          service: ref.service.name,
          method: listed.name,
        }
        api.method(query).then(
          ({ method }) => put(ref.key, { status: 'ready', listed, method }),
          (error: unknown) => put(ref.key, { status: 'error', listed, error: ApiError.fromUnknown(error) }),
        )
      },
    }
  })
}
