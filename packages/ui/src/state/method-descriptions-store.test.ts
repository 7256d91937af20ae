import type { MethodDescriptionQuery, MethodDescriptionResponse, MethodInfo, ServiceInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import type { MethodRef } from './catalog.js'
import { createMethodDescriptionsStore } from './method-descriptions-store.js'

const message = (name: string, fields: MethodInfo['inputType']['fields'] = []) => ({ name, fullName: name, fields })

function listedMethod(): MethodInfo {
  return {
    name: 'getUser',
    fullName: 'users.getUser',
    clientStreaming: false,
    serverStreaming: false,
    methodType: 'Unary',
    inputType: message('getUserRequest'),
    outputType: message('getUserResponse'),
    deprecated: false,
    deferred: true,
  }
}

function refOf(method: MethodInfo): MethodRef {
  const service: ServiceInfo = {
    name: 'users',
    package: 'Graph',
    methods: [method],
    source: 'openapi',
    isUploaded: false,
    protocol: 'rest',
    originUrl: 'http://127.0.0.1:1/graph.json',
  }
  return { key: 'users.getUser', service, method, origin: 'http://127.0.0.1:1/graph.json' }
}

const full: MethodInfo = {
  ...listedMethod(),
  deferred: undefined,
  inputType: message('getUserRequest', [
    {
      name: 'user-id',
      number: 1,
      type: 'string',
      label: 'required',
      isRepeated: false,
      isMap: false,
      required: true,
      isBinary: false,
    },
  ]),
}

function fakeApi(answers: (MethodInfo | ApiError)[]) {
  const asked: MethodDescriptionQuery[] = []
  const api: Pick<ApiClient, 'method'> = {
    method: (query) => {
      asked.push(query)
      const answer = answers.shift() ?? full
      if (answer instanceof ApiError) return Promise.reject(answer)
      return Promise.resolve({ ...query, method: answer } satisfies MethodDescriptionResponse)
    },
  }
  return { api, asked }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const notFound = new ApiError({ type: 'about:blank', title: 'No method', status: 404, code: 'not_found' })

describe('method descriptions', () => {
  it('fetches a deferred method once per listing, by protocol, origin, service and name', async () => {
    const { api, asked } = fakeApi([full])
    const store = createMethodDescriptionsStore(api)
    const ref = refOf(listedMethod())
    store.getState().load(ref)
    store.getState().load(ref)
    expect(store.getState().byKey[ref.key]).toMatchObject({ status: 'loading' })
    await settle()
    expect(store.getState().byKey[ref.key]).toMatchObject({ status: 'ready', method: full, listed: ref.method })
    store.getState().load(ref)
    expect(asked).toEqual([
      { protocol: 'rest', url: 'http://127.0.0.1:1/graph.json', service: 'users', method: 'getUser' },
    ])
  })

  it('fetches again for a new listing (a rediscovery) and after a failure, dropping an answer for an old listing', async () => {
    const { api, asked } = fakeApi([notFound, full, full])
    const store = createMethodDescriptionsStore(api)
    const first = refOf(listedMethod())
    store.getState().load(first)
    await settle()
    expect(store.getState().byKey[first.key]).toMatchObject({ status: 'error', error: notFound })
    store.getState().load(first)
    const second = refOf(listedMethod())
    store.getState().load(second)
    await settle()
    expect(store.getState().byKey[first.key]).toMatchObject({ status: 'ready', listed: second.method })
    expect(asked).toHaveLength(3)
  })
})
