/**
 * GraphQL response validation against graphql-yoga: a conforming answer is valid, errors beside partial data are
 * listed where their paths point (their nulls are not reported twice), and a second yoga server whose schema changed
 * since discovery (a real server answering other types) is caught field by field.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSchema, createYoga } from 'graphql-yoga'
import { describe, expect, it } from 'vitest'
import { testContext } from '../servers/rest/call-context.js'
import { yogaPluginSetup } from '../servers/graphql/yoga-plugin.js'

/** graphql-yoga serving a schema where `hello` became an Int and `shape` lost its `name`. */
async function startChangedServer(): Promise<{ url: string; close(): Promise<void> }> {
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
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
      resolvers: { Query: { hello: () => 42, shape: () => ({ id: 's2', name: 7, color: 'TEAL' }) } },
    }),
    logging: false,
  })
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
