/**
 * The GraphQL schema of each discovered endpoint, fetched once per origin as SDL from the server (which keeps it from
 * discovery) and built into a GraphQLSchema for the picker, completion and validation. A finished rediscovery of a
 * URL drops what was cached for it, so the next view fetches the new schema.
 */
import { buildSchema, type GraphQLSchema } from 'graphql'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import type { DiscoveryStore } from './discovery-store.js'

export type GraphqlSchemaEntry =
  { status: 'loading' } | { status: 'ready'; schema: GraphQLSchema; sdl: string } | { status: 'error'; error: ApiError }

export interface GraphqlSchemaState {
  byOrigin: Record<string, GraphqlSchemaEntry>
  /** Fetches the origin's schema unless it is cached or on its way. */
  load: (origin: string) => void
  forget: (origin: string) => void
}

export type GraphqlSchemaStore = StoreApi<GraphqlSchemaState>

export interface GraphqlSchemaStoreOptions {
  api: Pick<ApiClient, 'schema'>
  discovery?: DiscoveryStore
}

function buildError(error: unknown): ApiError {
  return new ApiError({
    type: 'about:blank',
    title: 'The GraphQL schema could not be read',
    status: 0,
    detail: error instanceof Error ? error.message : String(error),
    code: 'invalid_request',
    hint: 'Rediscover the URL; completion, validation and the field picker need the schema.',
  })
}

export function createGraphqlSchemaStore(options: GraphqlSchemaStoreOptions): GraphqlSchemaStore {
  // The latest request per origin wins; an answer for a forgotten or newer request is dropped.
  const generations = new Map<string, number>()
  const store = createStore<GraphqlSchemaState>()((set, get) => {
    const put = (origin: string, generation: number, entry: GraphqlSchemaEntry) => {
      if (generations.get(origin) !== generation) return
      set((s) => ({ byOrigin: { ...s.byOrigin, [origin]: entry } }))
    }
    return {
      byOrigin: {},
      load: (origin) => {
        if (get().byOrigin[origin]) return
        const generation = (generations.get(origin) ?? 0) + 1
        generations.set(origin, generation)
        put(origin, generation, { status: 'loading' })
        options.api.schema('graphql', origin).then(
          (document) => {
            try {
              put(origin, generation, { status: 'ready', schema: buildSchema(document.text), sdl: document.text })
            } catch (error) {
              put(origin, generation, { status: 'error', error: buildError(error) })
            }
          },
          (error: unknown) => put(origin, generation, { status: 'error', error: ApiError.fromUnknown(error) }),
        )
      },
      forget: (origin) => {
        generations.set(origin, (generations.get(origin) ?? 0) + 1)
        set((s) => {
          if (!(origin in s.byOrigin)) return s
          const byOrigin = { ...s.byOrigin }
          delete byOrigin[origin]
          return { byOrigin }
        })
      },
    }
  })
  options.discovery?.subscribe((state, previous) => {
    for (const [url, entry] of Object.entries(state.byUrl)) {
      if (entry.isLoading || !previous.byUrl[url]?.isLoading) continue
      store.getState().forget(url)
      for (const service of entry.services) if (service.originUrl) store.getState().forget(service.originUrl)
    }
  })
  return store
}
