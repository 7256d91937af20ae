import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { MethodDescriptionResponse, MethodInfo, ProtocolPlugin, SchemaDocumentResponse } from '@wirebench/core'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'

const introspection = JSON.stringify({ __schema: { queryType: { name: 'Query' }, types: [] } })

/** A plugin that holds a schema for one target only, as a GraphQL plugin does after discovering it. */
const schemaHolder: ProtocolPlugin = {
  id: 'holder',
  name: 'Holder',
  discover: () => Promise.reject(new WorkbenchError('no_services', 'not mine')),
  invoke: () => Promise.reject(new WorkbenchError('unsupported', 'no calls')),
  schemaDocument: (target) =>
    target === 'http://127.0.0.1:1/graphql' ? { format: 'graphql-introspection', text: introspection } : undefined,
}

const noSchemas: ProtocolPlugin = { ...schemaHolder, id: 'plain', name: 'Plain', schemaDocument: undefined }

describe('GET /api/schema', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ plugins: [schemaHolder, noSchemas] })
  })
  afterAll(() => h.close())

  const get = (query: string, headers = h.headers) =>
    h.app.inject({ method: 'GET', url: `/api/schema?${query}`, headers })

  it('answers the schema document the plugin holds for a discovered URL', async () => {
    const res = await get(`protocol=holder&url=${encodeURIComponent('http://127.0.0.1:1/graphql')}`)
    expect(res.statusCode).toBe(200)
    expect(res.json<SchemaDocumentResponse>()).toEqual({
      protocol: 'holder',
      url: 'http://127.0.0.1:1/graphql',
      format: 'graphql-introspection',
      text: introspection,
    })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('answers 404 with a hint to discover first when the plugin holds no schema for the URL', async () => {
    for (const query of ['protocol=holder&url=http%3A%2F%2Felsewhere', 'protocol=plain&url=x']) {
      const res = await get(query)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'not_found', hint: expect.stringMatching(/Discover the URL first/) })
    }
  })

  it('names the registered protocols when the protocol is unknown, and refuses a missing url', async () => {
    const unknown = await get('protocol=nope&url=x')
    expect(unknown.json()).toMatchObject({ code: 'no_plugin', hint: expect.stringContaining('holder') })
    expect((await get('protocol=holder')).statusCode).toBe(400)
  })

  it('is behind the session token like every API route', async () => {
    const res = await get('protocol=holder&url=x', { host: 'localhost:5080' })
    expect(res.statusCode).toBe(401)
  })
})

const described: MethodInfo = {
  name: 'getThing',
  fullName: 'things.getThing',
  clientStreaming: false,
  serverStreaming: false,
  methodType: 'Unary',
  inputType: { name: 'getThingRequest', fullName: 'getThingRequest', fields: [] },
  outputType: { name: 'getThingResponse', fullName: 'getThingResponse', fields: [] },
  deprecated: false,
}

/** Methods opened through the route, as `prepareValidation` saw them (with the validator it was handed). */
const opened: Array<{ method: string; hasValidator: boolean }> = []

/** A plugin that can describe one method of one target, as REST does for a document it listed `deferred`. */
const methodHolder: ProtocolPlugin = {
  ...schemaHolder,
  id: 'methods',
  name: 'Methods',
  describeMethod: (target, service, method) =>
    target === 'http://127.0.0.1:1/doc' && service === 'things' && method === 'getThing' ? described : undefined,
  prepareValidation: (_target, _service, method, validator) =>
    void opened.push({ method, hasValidator: typeof validator.submit === 'function' }),
}

describe('GET /api/method', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ plugins: [methodHolder, noSchemas] })
  })
  afterAll(() => h.close())

  const get = (query: Record<string, string>, headers = h.headers) =>
    h.app.inject({ method: 'GET', url: `/api/method?${new URLSearchParams(query).toString()}`, headers })
  const query = { protocol: 'methods', url: 'http://127.0.0.1:1/doc', service: 'things', method: 'getThing' }

  it('answers the method the plugin describes', async () => {
    const res = await get(query)
    expect(res.statusCode).toBe(200)
    expect(res.json<MethodDescriptionResponse>()).toEqual({ ...query, method: described })
  })

  it('has the plugin compile the opened method’s answer schemas in the server’s validator', async () => {
    opened.length = 0
    expect((await get(query)).statusCode).toBe(200)
    expect(opened).toEqual([{ method: 'getThing', hasValidator: true }])
    expect((await get({ ...query, method: 'nope' })).statusCode).toBe(404)
    expect(opened).toHaveLength(1)
  })

  it('answers 404 with a hint to discover again when the plugin holds no such method', async () => {
    for (const other of [
      { ...query, method: 'nope' },
      { ...query, protocol: 'plain' },
    ]) {
      const res = await get(other)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'not_found', hint: expect.stringMatching(/Discover the URL again/) })
    }
  })

  it('refuses a query without the method, and is behind the session token', async () => {
    const { method: _method, ...partial } = query
    expect((await get(partial)).statusCode).toBe(400)
    expect((await get(query, { host: 'localhost:5080' })).statusCode).toBe(401)
  })
})
