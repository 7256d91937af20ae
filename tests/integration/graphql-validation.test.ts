/**
 * GraphQL response validation against graphql-yoga: a conforming answer is valid, errors beside partial data are
 * listed where their paths point (their nulls are not reported twice), and a second yoga server whose schema changed
 * since discovery (a real server answering other types) is caught field by field — also in an answer over 1 MB,
 * which the server's worker checks.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSchema, createYoga } from 'graphql-yoga'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { createResponseValidator } from '@wirebench/server/engine'
import type { ServerResponseValidator } from '@wirebench/server/engine'
import { testContext } from '../servers/rest/call-context.js'
import { yogaPluginSetup } from '../servers/graphql/yoga-plugin.js'

/** graphql-yoga serving `typeDefs` with `resolvers` on a loopback port. */
async function startYoga(
  typeDefs: string,
  resolvers: Record<string, Record<string, () => unknown>>,
): Promise<{ url: string; close(): Promise<void> }> {
  const yoga = createYoga({ schema: createSchema({ typeDefs, resolvers }), logging: false })
  // yoga's node handler returns a promise the http server ignores; it answers every request itself.
  const server = createServer((request, response) => void yoga(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** graphql-yoga serving a schema where `hello` became an Int and `shape` lost its `name`. */
function startChangedServer(): Promise<{ url: string; close(): Promise<void> }> {
  return startYoga(
    /* GraphQL */ `
      type Shape {
        id: ID!
        name: Int
        color: String
      }
      type Query {
        hello(name: String): Int!
        shape(id: ID!): Shape
      }
    `,
    { Query: { hello: () => 42, shape: () => ({ id: 's2', name: 7, color: 'TEAL' }) } },
  )
}

describe('GraphQL response validation (graphql-yoga)', () => {
  const setup = yogaPluginSetup()
  const call = (method: string, message: unknown, serverUrl?: string) =>
    setup.plugin.invoke(
      { target: setup.yoga.url, service: 'Query', method, messages: [message], ...(serverUrl ? { serverUrl } : {}) },
      testContext(),
    )

  it('finds a conforming answer valid against the selection and types', async () => {
    const result = await call('shape', { variables: { id: 's2' } })
    expect(result.validation).toMatchObject({ valid: true, problems: [] })
    expect(result.validation?.schema).toMatch(/^query .* against the endpoint's schema$/)
  })

  it('lists the server’s errors where their paths point, without reporting their nulls again', async () => {
    const result = await call('partial', { query: '{ partial { ok broken } forbidden }' })
    expect(result.validation?.valid).toBe(false)
    expect(result.validation?.problems).toEqual([
      expect.objectContaining({ pointer: '/data/partial/broken', keyword: 'graphql' }),
      expect.objectContaining({ pointer: '/data/forbidden', keyword: 'graphql' }),
    ])
  })

  it('catches a server whose schema changed since discovery', async () => {
    const changed = await startChangedServer()
    setup.servers.push(changed)
    const hello = await call('hello', { query: '{ hello }' }, changed.url)
    expect(hello.response).toEqual({ data: { hello: 42 } })
    expect(hello.validation?.problems).toEqual([expect.objectContaining({ pointer: '/data/hello', keyword: 'type' })])
    const shape = await call('shape', { query: '{ shape(id: "s2") { id name color } }' }, changed.url)
    expect(shape.validation?.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/data/shape/name', keyword: 'type' }),
        expect.objectContaining({ pointer: '/data/shape/color', keyword: 'enum' }),
      ]),
    )
  })
})

describe('GraphQL answers over 1 MB', () => {
  const readings = (value: (i: number) => unknown) => () =>
    Array.from({ length: 25_000 }, (_, i) => ({ id: `reading-${i}`, at: '2026-11-26T14:00:00Z', value: value(i) }))
  const typeDefs = (value: string) => /* GraphQL */ `
    type Reading {
      id: ID!
      at: String!
      value: ${value}
    }
    type Query {
      readings: [Reading!]!
    }
  `
  let documented: { url: string; close(): Promise<void> }
  let drifted: { url: string; close(): Promise<void> }
  let plugin: ProtocolPlugin
  let validator: ServerResponseValidator
  beforeAll(async () => {
    // The document says `value: Int`; the server answering the call sends one reading's value with a fraction.
    ;[documented, drifted] = await Promise.all([
      startYoga(typeDefs('Int'), { Query: { readings: readings((i) => i) } }),
      startYoga(typeDefs('Float'), { Query: { readings: readings((i) => (i === 9000 ? 9000.5 : i)) } }),
    ])
    plugin = createGraphqlPlugin()
    await plugin.discover({ kind: 'url', url: documented.url }, testContext())
    validator = createResponseValidator()
  })
  afterAll(async () => {
    await plugin?.dispose?.()
    await validator?.close()
    await Promise.all([documented?.close(), drifted?.close()])
  })

  it('are checked in the server’s worker: the call answers with the check pending, its result follows', async () => {
    const result = await plugin.invoke(
      {
        target: documented.url,
        serverUrl: drifted.url,
        service: 'Query',
        method: 'readings',
        messages: [{ query: '{ readings { id at value } }' }],
      },
      { ...testContext(), validator },
    )
    expect(result.sizeBytes).toBeGreaterThan(1024 * 1024)
    expect(result.validation).toBeUndefined()
    expect(result.validationPending?.schema).toBe("query (anonymous) against the endpoint's schema")
    const validation = await validator.result(result.validationPending!.id)
    expect(validation).toEqual({
      valid: false,
      schema: "query (anonymous) against the endpoint's schema",
      problems: [expect.objectContaining({ pointer: '/data/readings/9000/value', keyword: 'type' })],
    })
  })
})
