/** Schema files uploaded to the server and the services read from them (listed apart from URL discovery). */
import type { ServiceInfo, UploadSetRequest, UploadSetResponse, UploadSummary } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'

export interface UploadFailure {
  /** The file, or the files of a set (comma-separated): a set is kept or refused as a whole. */
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
  /** Sends the selection as one set: files that import each other resolve whatever their order; all kept or none. */
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
        // A new attempt at any of these files replaces what an earlier one (alone or in a set) reported.
        failures: s.failures.filter((f) => !f.name.split(', ').some((n) => names.includes(n))),
      }))
      try {
        const body: UploadSetRequest = {
          files: await Promise.all(files.map(async (f) => ({ name: f.name, content: await base64Of(f) }))),
        }
        const result = await api.request<UploadSetResponse>('/api/uploads', { method: 'POST', json: body })
        const sent = new Set(names)
        // Merge the answer instead of re-listing: a listing repeats every other file's services (megabytes).
        set((s) => ({
          uploads: [...s.uploads.filter((u) => !sent.has(u.name)), ...result.uploads],
          services: [...s.services.filter((sv) => !sent.has(sv.originUrl ?? '')), ...result.services],
        }))
      } catch (error) {
        // The set failed as a whole (its problem names the file that did not read), so it is reported as one.
        set((s) => ({ failures: [...s.failures, { name: names.join(', '), error: ApiError.fromUnknown(error) }] }))
      } finally {
        set((s) => ({ pending: s.pending.filter((n) => !names.includes(n)) }))
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

/** A file's bytes as base64, the way the set route takes them. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // In slices: one String.fromCharCode call per file would overflow the argument stack on large files.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
