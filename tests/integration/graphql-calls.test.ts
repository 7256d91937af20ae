/**
 * GraphQL queries and mutations through the plugin against graphql-yoga: variables, input objects, errors beside
 * partial data, status mapping, headers and the API key on the POST, and bad messages named.
 */
import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { InvokeResult } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { testContext } from '../servers/rest/call-context.js'
import { yogaPluginSetup } from '../servers/graphql/yoga-plugin.js'

interface Body {
  data?: Record<string, unknown> | null
  errors?: Array<{ message: string; path?: unknown[]; extensions?: { code?: string } }>
}

describe('GraphQL calls (graphql-yoga)', () => {
  const setup = yogaPluginSetup()
  const call = (service: string, method: string, message: unknown, metadata?: Record<string, string>) =>
    setup.plugin.invoke({ target: setup.yoga.url, service, method, messages: [message] }, testContext({ metadata }))
  const body = (result: InvokeResult): Body => result.response as Body

  it('sends the default operation with variables when the message has no query', async () => {
    const result = await call('Query', 'shape', { variables: { id: 's2' } })
    expect(result.status).toBe('OK')
    expect(result.metadata.http_status).toBe('200')
    const shape = body(result).data?.shape as Record<string, unknown>
    expect(shape).toMatchObject({ id: 's2', name: 'square', color: 'GREEN', owner: { id: 'p1', name: 'Ada' } })
    expect(result.errorDetails).toBeUndefined()
  })

  it('sends the query text, variables and operation name as written', async () => {
    const query = 'query A { hello } query B($n: String!) { hello(name: $n) }'
    const result = await call('Query', 'hello', { query, variables: { n: 'Grace' }, operationName: 'B' })
    expect(body(result).data).toEqual({ hello: 'Hello, Grace!' })
  })

  it('runs a mutation with an input object and list and enum values', async () => {
    const result = await call('Mutation', 'createShape', {
      variables: { input: { name: 'hexagon', color: 'RED', sides: 6, tags: ['six'] } },
    })
    expect(result.status).toBe('OK')
    expect(body(result).data?.createShape).toMatchObject({ id: 's9', name: 'hexagon', sides: 6, tags: ['six'] })
  })

  it('keeps partial data and errors side by side, the status from the error code', async () => {
    const result = await call('Query', 'partial', { query: '{ partial { ok broken } forbidden }' })
    expect(body(result).data).toEqual({ partial: { ok: 'fine', broken: null }, forbidden: null })
    expect(body(result).errors).toHaveLength(2)
    expect(result.errorDetails).toEqual(body(result).errors)
    // The first error with a known code decides: FORBIDDEN.
    expect(result.status).toBe('PermissionDenied')
    expect(result.statusMessage).toBe('Broken on purpose.')
  })

  it('maps parse and validation failures to InvalidArgument with the HTTP status kept', async () => {
    const parse = await call('Query', 'hello', { query: '{ hello ' })
    expect(parse.status).toBe('InvalidArgument')
    expect(parse.statusMessage).toContain('Syntax Error')
    const invalid = await call('Query', 'hello', { query: '{ nope }' })
    expect(invalid.status).toBe('InvalidArgument')
    expect(invalid.metadata.http_status).toMatch(/^[24]\d\d$/)
    expect(body(invalid).errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED')
  })

  it('sends metadata headers and the API key query on the POST, never the markers', async () => {
    const result = await call(
      'Query',
      'echoHeaders',
      { query: '{ echoHeaders requestUrl }' },
      {
        authorization: 'Bearer t-1',
        __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: 'k-9' }),
      },
    )
    const data = body(result).data as { echoHeaders: Record<string, string>; requestUrl: string }
    expect(data.echoHeaders.authorization).toBe('Bearer t-1')
    expect(data.echoHeaders['content-type']).toContain('application/json')
    expect(data.requestUrl).toContain('api_key=k-9')
    expect(JSON.stringify(data.echoHeaders)).not.toContain('__workbench')
  })

  it('refuses a subscription through invoke with a hint to open a live call', async () => {
    const error = await call('Subscription', 'countdown', { variables: { from: 1 } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkbenchError)
    expect((error as WorkbenchError).code).toBe('invalid_request')
    expect((error as WorkbenchError).hint).toContain('live call')
  })

  it('names what is wrong with a malformed message', async () => {
    const cases: unknown[] = [{ id: 's1' }, { query: 42 }, { variables: [1] }, 'query { hello }']
    for (const message of cases) {
      const error = await call('Query', 'hello', message).catch((e: unknown) => e)
      expect(WorkbenchError.is(error, 'invalid_request'), JSON.stringify(message)).toBe(true)
    }
  })

  it('rediscovers an endpoint a call names before discovery saw it', async () => {
    const fresh = createGraphqlPlugin()
    try {
      const result = await fresh.invoke(
        { target: setup.yoga.url, service: 'Query', method: 'hello', messages: [{}] },
        testContext(),
      )
      expect(body(result).data).toEqual({ hello: 'Hello, world!' })
    } finally {
      await fresh.dispose?.()
    }
  })
})
