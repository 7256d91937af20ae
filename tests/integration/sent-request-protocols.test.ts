/**
 * What a GraphQL query and a gRPC unary call sent, against graphql-yoga and a @grpc/grpc-js server: the POST as
 * written (GraphQL: undici's own head, the query body, the phases of the call), the gRPC method path and metadata with
 * the message as JSON, credentials masked in both while the servers receive them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import { yogaPluginSetup } from '../servers/graphql/yoga-plugin.js'
import { startLabServer, type LabServer } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'

const TOKEN = 'gql-token-5d1f-secret'

describe('GraphQL: what a query sent, and its timings (graphql-yoga)', () => {
  const setup = yogaPluginSetup()

  it('shows the POST with its headers and query body, the bearer token masked, and times first byte and total', async () => {
    const result = await setup.plugin.invoke(
      { target: setup.yoga.url, service: 'Query', method: 'shape', messages: [{ variables: { id: 's2' } }] },
      testContext({ metadata: { authorization: `Bearer ${TOKEN}`, 'x-trace': 't-1' } }),
    )
    expect(result.status).toBe('OK')
    const sent = result.sent!
    expect(sent.method).toBe('POST')
    expect(sent.url).toBe(setup.yoga.url)
    const headers = new Map(sent.headers)
    expect(headers.get('authorization')).toBe('***')
    expect(headers.get('x-trace')).toBe('t-1')
    expect(headers.get('host')).toBe(new URL(setup.yoga.url).host)
    expect(JSON.parse(sent.body!)).toMatchObject({ variables: { id: 's2' } })
    expect(JSON.parse(sent.body!).query).toContain('shape')
    expect(result.timings!.firstByteMs).toBeGreaterThanOrEqual(0)
    expect(result.timings!.totalMs).toBeGreaterThanOrEqual(result.timings!.firstByteMs!)
    expect(JSON.stringify(result)).not.toContain(TOKEN)
  })
})

describe('gRPC: what a unary call sent (@grpc/grpc-js)', () => {
  let server: LabServer
  const plugin = createGrpcPlugin()

  beforeAll(async () => {
    server = await startLabServer()
    await plugin.discover({ kind: 'url', url: server.url }, testContext())
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('shows the method path, the metadata with the credential masked, and the message', async () => {
    const result = await plugin.invoke(
      { target: server.url, service: 'wbtest.v1.Lab', method: 'Echo', messages: [{ text: 'hi' }] },
      testContext({ metadata: { authorization: `Bearer ${TOKEN}`, 'x-plain': 'value' } }),
    )
    expect(result.status).toBe('OK')
    // The server saw the token...
    expect((result.response as { metadata: Record<string, string> }).metadata.authorization).toBe(`Bearer ${TOKEN}`)
    // ...the sent request shows where it went, not what it was.
    const sent = result.sent!
    expect(sent).toMatchObject({ method: 'POST', url: `${server.url}/wbtest.v1.Lab/Echo` })
    const headers = new Map(sent.headers)
    expect(headers.get('authorization')).toBe('***')
    expect(headers.get('x-plain')).toBe('value')
    expect(headers.get('content-type')).toBe('application/grpc+proto')
    expect(JSON.parse(sent.body!)).toEqual({ text: 'hi' })
    expect(result.timings).toEqual({ totalMs: result.durationMs })
    expect(JSON.stringify(result.sent)).not.toContain(TOKEN)
  })
})
