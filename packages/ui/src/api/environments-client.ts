/** The typed client of the environment routes: read and save `environments.json`, clear an environment's cookie jar. */
import { stripMemoryOnlyFields } from '@wirebench/auth'
import type { EnvironmentsDocument, EnvironmentsResponse, SaveEnvironmentsResponse } from '@wirebench/auth'
import type { ApiClient } from './api-client.js'

export type { EnvironmentsIssue, EnvironmentsResponse, SaveEnvironmentsResponse } from '@wirebench/auth'

/** The server's version tag of the stored document; a save based on an older one is refused with 409. */
export type EnvironmentsRevision = string

export interface EnvironmentsApi {
  load(signal?: AbortSignal): Promise<EnvironmentsResponse>
  save(document: EnvironmentsDocument, baseRevision: EnvironmentsRevision | null): Promise<SaveEnvironmentsResponse>
  clearCookies(environmentId: string): Promise<void>
}

export function createEnvironmentsClient(api: ApiClient): EnvironmentsApi {
  return {
    load: (signal) => api.request('/api/environments', { signal }),
    save: (document, baseRevision) => {
      // Memory-only fields (the mTLS passphrase) never reach the server, even if one slipped into the config.
      const stored = stripMemoryOnlyFields(document)
      return api.request('/api/environments', {
        method: 'PUT',
        json: baseRevision === null ? { document: stored } : { document: stored, baseRevision },
      })
    },
    clearCookies: (environmentId) =>
      api.request('/api/auth/cookies/clear', { method: 'POST', json: { environmentId } }),
  }
}
