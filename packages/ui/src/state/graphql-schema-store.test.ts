import type { SchemaDocumentResponse } from '@wirebench/core'
import { buildSchema, introspectionFromSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import { createDiscoveryStore } from './discovery-store.js'
import { createGraphqlSchemaStore, firstRetryDelayMs, type GraphqlSchemaEntry } from './graphql-schema-store.js'

const origin = 'http://127.0.0.1:4000/graphql'

/** The schema document the server answers for an SDL: the introspection result as JSON text. */
const introspectionText = (sdl: string) => JSON.stringify(introspectionFromSchema(buildSchema(sdl)))

type Answer = { sdl: string } | { text: string } | ApiError

function fakeApi(answers: Answer[]) {
  const asked: string[] = []
  const api: Pick<ApiClient, 'schema'> = {
    schema: (protocol, url) => {
      asked.push(`${protocol} ${url}`)
      const answer = answers.shift() ?? { sdl: 'type Query { x: Int }' }
      if (answer instanceof ApiError) return Promise.reject(answer)
      const text = 'sdl' in answer ? introspectionText(answer.sdl) : answer.text
      return Promise.resolve({
        protocol,
        url,
        format: 'graphql-introspection',
        text,
      } satisfies SchemaDocumentResponse)
    },
  }
  return { api, asked }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const notFound = new ApiError({ type: 'about:blank', title: 'No schema', status: 404, code: 'not_found' })

function fieldsOf(entry: GraphqlSchemaEntry | undefined) {
  return entry?.status === 'ready' ? Object.keys(entry.schema.getQueryType()!.getFields()) : entry?.status
}

describe('GraphQL schema store', () => {
  it('fetches an origin once and builds its schema from the introspection result', async () => {
    const { api, asked } = fakeApi([{ sdl: 'type Query { hello: String }' }])
    const store = createGraphqlSchemaStore({ api })
    store.getState().load(origin)
    store.getState().load(origin)
    expect(store.getState().byOrigin[origin]).toEqual({ status: 'loading' })
    await settle()
    expect(fieldsOf(store.getState().byOrigin[origin])).toEqual(['hello'])
    store.getState().load(origin)
    expect(asked).toEqual([`graphql ${origin}`])
  })

  it('keeps the server problem, and reports a document that does not build as an error', async () => {
    const { api } = fakeApi([notFound, { text: '{"data":{}}' }, { text: '<html>' }])
    const store = createGraphqlSchemaStore({ api })
    store.getState().load(origin)
    store.getState().load('http://other/graphql')
    store.getState().load('http://third/graphql')
    await settle()
    expect(store.getState().byOrigin[origin]).toMatchObject({ status: 'error', error: notFound })
    const noSchema = store.getState().byOrigin['http://other/graphql']
    expect(noSchema?.status === 'error' && noSchema.error.problem.detail).toContain('__schema')
    const notJson = store.getState().byOrigin['http://third/graphql']
    expect(notJson?.status === 'error' && notJson.error.problem.title).toBe('The GraphQL schema could not be read')
  })

  it('retries a failed origin on a later load once the backoff has passed, waiting longer after each failure', async () => {
    let clock = 1_000_000
    const { api, asked } = fakeApi([notFound, notFound, { sdl: 'type Query { back: Int }' }])
    const store = createGraphqlSchemaStore({ api, now: () => clock })
    store.getState().load(origin)
    await settle()
    store.getState().load(origin)
    expect(asked).toHaveLength(1)
    clock += firstRetryDelayMs
    store.getState().load(origin)
    await settle()
    expect(asked).toHaveLength(2)
    expect(store.getState().byOrigin[origin]?.status).toBe('error')
    clock += firstRetryDelayMs
    store.getState().load(origin)
    expect(asked).toHaveLength(2)
    clock += firstRetryDelayMs
    store.getState().load(origin)
    await settle()
    expect(asked).toHaveLength(3)
    expect(fieldsOf(store.getState().byOrigin[origin])).toEqual(['back'])
  })

  it('drops an answer that arrives after the origin was forgotten', async () => {
    const { api } = fakeApi([])
    const store = createGraphqlSchemaStore({ api })
    store.getState().load(origin)
    store.getState().forget(origin)
    await settle()
    expect(store.getState().byOrigin[origin]).toBeUndefined()
  })

  function discoveryOf(services: (url: string) => unknown[]) {
    let release: () => void = () => undefined
    const discoveryApi = {
      discover: ({ urls }: { urls: string[] }) =>
        new Promise((resolve) => {
          release = () => resolve({ services: services(urls[0]!), attempts: [] })
        }),
    } as unknown as ApiClient
    return { discovery: createDiscoveryStore(discoveryApi), release: () => release() }
  }

  it('forgets an origin when its URL finishes rediscovery, so the next view fetches the new schema', async () => {
    const { api, asked } = fakeApi([{ sdl: 'type Query { a: Int }' }, { sdl: 'type Query { b: Int }' }])
    const { discovery, release } = discoveryOf(() => [{ name: 'Query', originUrl: origin, protocol: 'graphql' }])
    const store = createGraphqlSchemaStore({ api, discovery })
    store.getState().load(origin)
    await settle()
    const done = discovery.getState().discover([origin])
    expect(store.getState().byOrigin[origin]?.status).toBe('ready')
    release()
    await done
    expect(store.getState().byOrigin[origin]).toBeUndefined()
    store.getState().load(origin)
    await settle()
    expect(fieldsOf(store.getState().byOrigin[origin])).toEqual(['b'])
    expect(asked).toHaveLength(2)
  })

  it('frees the schemas of a URL removed from the list, but keeps one another listed URL still leads to', async () => {
    const listed = 'http://127.0.0.1:4000'
    const other = 'graphql@http://127.0.0.1:4000/graphql'
    const kept = 'http://127.0.0.1:5000/graphql'
    const { api } = fakeApi([])
    const { discovery, release } = discoveryOf((url) => [
      { name: 'Query', originUrl: url === kept ? kept : origin, protocol: 'graphql' },
    ])
    const store = createGraphqlSchemaStore({ api, discovery })
    for (const url of [listed, other, kept]) {
      const done = discovery.getState().discover([url])
      release()
      await done
    }
    store.getState().load(origin)
    store.getState().load(kept)
    await settle()
    await discovery.getState().sync([other, kept])
    expect(store.getState().byOrigin[origin]?.status).toBe('ready')
    await discovery.getState().sync([kept])
    expect(store.getState().byOrigin[origin]).toBeUndefined()
    expect(store.getState().byOrigin[kept]?.status).toBe('ready')
  })
})
