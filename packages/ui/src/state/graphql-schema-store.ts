/**
 * The GraphQL schema of each discovered endpoint, fetched once per origin from the server (which keeps the
 * introspection result from discovery) and built into a GraphQLSchema for the picker, completion and validation.
 * A finished rediscovery of a URL, or its removal from the URL list, drops what was cached for it; a failed fetch is
 * retried on a later view once a short, growing backoff has passed (the server may have lost the schema and found it
 * again).
 */
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import type { DiscoveryStore, UrlDiscovery } from './discovery-store.js'

export type GraphqlSchemaEntry =
  | { status: 'loading' }
  | { status: 'ready'; schema: GraphQLSchema }
  /** `retryAt`: the time (ms) from which the next `load` fetches again. */
  | { status: 'error'; error: ApiError; retryAt: number }

export interface GraphqlSchemaState {
  byOrigin: Record<string, GraphqlSchemaEntry>
  /** Fetches the origin's schema unless it is cached, on its way, or failed too recently. */
  load: (origin: string) => void
  forget: (origin: string) => void
}

export type GraphqlSchemaStore = StoreApi<GraphqlSchemaState>

export interface GraphqlSchemaStoreOptions {
  api: Pick<ApiClient, 'schema'>
  discovery?: DiscoveryStore
  /** The clock for retry backoff (tests). */
  now?: () => number
}

/** The first retry waits this long; each further failure in a row doubles it, up to `maxRetryDelayMs`. */
export const firstRetryDelayMs = 1_000
export const maxRetryDelayMs = 30_000

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

/** The schema from the introspection result the server kept (`{ "__schema": … }` as JSON text). */
export function schemaFromDocument(format: string, text: string): GraphQLSchema {
  if (format !== 'graphql-introspection') throw new Error(`Unexpected schema document format "${format}".`)
  const parsed: unknown = JSON.parse(text)
  if (typeof parsed !== 'object' || parsed === null || !('__schema' in parsed)) {
    throw new Error('The schema document holds no "__schema" introspection result.')
  }
  return buildClientSchema(parsed as IntrospectionQuery)
}

function originsOf(entry: UrlDiscovery): string[] {
  return [entry.url, ...entry.services.flatMap((s) => (s.originUrl ? [s.originUrl] : []))]
}

export function createGraphqlSchemaStore(options: GraphqlSchemaStoreOptions): GraphqlSchemaStore {
  const now = options.now ?? Date.now
  // The latest request per origin wins; an answer for a forgotten or newer request is dropped.
  const generations = new Map<string, number>()
  // Failures in a row per origin, for the backoff; a success or a forget resets it.
  const failures = new Map<string, number>()
  const store = createStore<GraphqlSchemaState>()((set, get) => {
    const put = (origin: string, generation: number, entry: GraphqlSchemaEntry) => {
      if (generations.get(origin) !== generation) return
      set((s) => ({ byOrigin: { ...s.byOrigin, [origin]: entry } }))
    }
    const fail = (origin: string, generation: number, error: ApiError) => {
      if (generations.get(origin) !== generation) return
      const count = (failures.get(origin) ?? 0) + 1
      failures.set(origin, count)
      const delay = Math.min(maxRetryDelayMs, firstRetryDelayMs * 2 ** (count - 1))
      put(origin, generation, { status: 'error', error, retryAt: now() + delay })
    }
    return {
      byOrigin: {},
      load: (origin) => {
        const current = get().byOrigin[origin]
        if (current && (current.status !== 'error' || now() < current.retryAt)) return
        const generation = (generations.get(origin) ?? 0) + 1
        generations.set(origin, generation)
        put(origin, generation, { status: 'loading' })
        options.api.schema('graphql', origin).then(
          (document) => {
            let schema: GraphQLSchema
            try {
              schema = schemaFromDocument(document.format, document.text)
            } catch (error) {
              fail(origin, generation, buildError(error))
              return
            }
            if (generations.get(origin) === generation) failures.delete(origin)
            put(origin, generation, { status: 'ready', schema })
          },
          (error: unknown) => fail(origin, generation, ApiError.fromUnknown(error)),
        )
      },
      forget: (origin) => {
        generations.set(origin, (generations.get(origin) ?? 0) + 1)
        failures.delete(origin)
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
    const { forget } = store.getState()
    for (const [url, entry] of Object.entries(state.byUrl)) {
      if (entry.isLoading || !previous.byUrl[url]?.isLoading) continue
      for (const origin of originsOf(entry)) forget(origin)
    }
    // A URL removed from the list frees its schemas, unless a listed URL still leads to the same endpoint.
    const removed = Object.values(previous.byUrl).filter((entry) => !(entry.url in state.byUrl))
    if (removed.length === 0) return
    const kept = new Set(Object.values(state.byUrl).flatMap(originsOf))
    for (const entry of removed) for (const origin of originsOf(entry)) if (!kept.has(origin)) forget(origin)
  })
  return store
}
