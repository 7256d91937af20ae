/** Schema files uploaded to the server and the services read from them (listed apart from URL discovery). */
import type { ServiceInfo, UploadSummary } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'

export interface UploadFailure {
  name: string
  error: ApiError
}

export interface UploadsState {
  uploads: UploadSummary[]
  services: ServiceInfo[]
  /** File names being uploaded right now. */
  pending: string[]
  failures: UploadFailure[]
  loadError?: ApiError
  load: () => Promise<void>
  upload: (files: readonly File[]) => Promise<void>
  remove: (name: string) => Promise<void>
  dismissFailure: (name: string) => void
}

export type UploadsStore = StoreApi<UploadsState>

export function createUploadsStore(api: ApiClient): UploadsStore {
  return createStore<UploadsState>()((set, get) => ({
    uploads: [],
    services: [],
    pending: [],
    failures: [],
    load: async () => {
      try {
        const result = await api.uploads()
        set({ uploads: result.uploads, services: result.services, loadError: undefined })
      } catch (error) {
        set({ loadError: ApiError.fromUnknown(error) })
      }
    },
    upload: async (files) => {
      const names = files.map((f) => f.name)
      set((s) => ({
        pending: [...s.pending, ...names],
        failures: s.failures.filter((f) => !names.includes(f.name)),
      }))
      // Sequential on purpose: the server re-reads the whole upload set per file so imports resolve.
      for (const file of files) {
        try {
          const result = await api.upload(file.name, file)
          // Merge the answer instead of re-listing: a listing repeats every other file's services (megabytes).
          set((s) => ({
            uploads: [...s.uploads.filter((u) => u.name !== result.upload.name), result.upload],
            services: [...s.services.filter((sv) => sv.originUrl !== result.upload.name), ...result.services],
          }))
        } catch (error) {
          set((s) => ({ failures: [...s.failures, { name: file.name, error: ApiError.fromUnknown(error) }] }))
        } finally {
          set((s) => ({ pending: s.pending.filter((n) => n !== file.name) }))
        }
      }
    },
    remove: async (name) => {
      try {
        await api.deleteUpload(name)
        set((s) => ({
          uploads: s.uploads.filter((u) => u.name !== name),
          services: s.services.filter((sv) => sv.originUrl !== name),
        }))
      } catch (error) {
        set((s) => ({ failures: [...s.failures, { name, error: ApiError.fromUnknown(error) }] }))
        await get().load()
      }
    },
    dismissFailure: (name) => set((s) => ({ failures: s.failures.filter((f) => f.name !== name) })),
  }))
}
