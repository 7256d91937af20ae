import type { SchemaDocumentResponse } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import { createDiscoveryStore } from './discovery-store.js'
import { createGraphqlSchemaStore } from './graphql-schema-store.js'

const origin = 'http://127.0.0.1:4000/graphql'

function fakeApi(answers: Array<string | ApiError>) {
  const asked: string[] = []
  const api: Pick<ApiClient, 'schema'> = {
    schema: (protocol, url) => {
      asked.push(`${protocol} ${url}`)
      const answer = answers.shift() ?? 'type Query { x: Int }'
      if (answer instanceof ApiError) return Promise.reject(answer)
      return Promise.resolve({ protocol, url, format: 'graphql-sdl', text: answer } satisfies SchemaDocumentResponse)
    },
  }
  return { api, asked }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('GraphQL schema store', () => {
  it('fetches an origin once and builds its schema', async () => {
    const { api, asked } = fakeApi(['type Query { hello: String }'])
    const store = createGraphqlSchemaStore({ api })
    store.getState().load(origin)
    store.getState().load(origin)
    expect(store.getState().byOrigin[origin]).toEqual({ status: 'loading' })
    await settle()
    const entry = store.getState().byOrigin[origin]
    expect(entry?.status === 'ready' && Object.keys(entry.schema.getQueryType()!.getFields())).toEqual(['hello'])
    expect(asked).toEqual([`graphql ${origin}`])
  })

  it('keeps the server problem, and reports SDL that does not build as an error', async () => {
    const notFound = new ApiError({ type: 'about:blank', title: 'No schema', status: 404, code: 'not_found' })
    const { api } = fakeApi([notFound, 'type Query { broken: Nope }'])
    const store = createGraphqlSchemaStore({ api })
    store.getState().load(origin)
    store.getState().load('http://other/graphql')
    await settle()
    expect(store.getState().byOrigin[origin]).toEqual({ status: 'error', error: notFound })
    const broken = store.getState().byOrigin['http://other/graphql']
    expect(broken?.status === 'error' && broken.error.problem.detail).toContain('Nope')
  })

  it('drops an answer that arrives after the origin was forgotten', async () => {
    const { api } = fakeApi([])
    const store = createGraphqlSchemaStore({ api })
    store.getState().load(origin)
    store.getState().forget(origin)
    await settle()
    expect(store.getState().byOrigin[origin]).toBeUndefined()
  })

  it('forgets an origin when its URL finishes rediscovery, so the next view fetches the new schema', async () => {
    const { api, asked } = fakeApi(['type Query { a: Int }', 'type Query { b: Int }'])
    let release: () => void = () => undefined
    const discoveryApi = {
      discover: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({ services: [{ name: 'Query', originUrl: origin, protocol: 'graphql' }], attempts: [] })
        }),
    } as unknown as ApiClient
    const discovery = createDiscoveryStore(discoveryApi)
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
    const entry = store.getState().byOrigin[origin]
    expect(entry?.status === 'ready' && entry.sdl).toBe('type Query { b: Int }')
    expect(asked).toHaveLength(2)
  })
})
