/**
 * GraphQL against Apollo Server 5 set up as its docs show (HTTP at `/graphql`, graphql-ws on `/subscriptions`) and
 * Mercurius: subscriptions found on the usual separate path or at a `subscriptionUrl`, refusals that name each
 * transport and why, deprecations (enum values, fields, root fields) with their reasons, and typed arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FieldInfo, MethodInfo, ProtocolPlugin, ServiceInfo, StreamFrame } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { startApolloServer } from '../servers/graphql/apollo-server.js'
import type { ApolloTestServer } from '../servers/graphql/apollo-server.js'
import { startMercuriusServer } from '../servers/graphql/mercurius-server.js'
import type { MercuriusTestServer } from '../servers/graphql/mercurius-server.js'
import { testContext } from '../servers/rest/call-context.js'

type EndFrame = Extract<StreamFrame, { type: 'end' }>

async function collect(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}
const data = (frames: StreamFrame[]) => frames.flatMap((f) => (f.type === 'message' ? [f.data] : []))
const transportOf = (frames: StreamFrame[]) =>
  (frames.find((f) => f.type === 'headers') as { metadata: Record<string, string> } | undefined)?.metadata[
    'x-wirebench-transport'
  ]
const method = (services: ServiceInfo[], service: string, name: string): MethodInfo => {
  const found = services.find((s) => s.name === service)?.methods.find((m) => m.name === name)
  if (!found) throw new Error(`${service}.${name} not discovered`)
  return found
}
const field = (fields: readonly FieldInfo[] | undefined, name: string): FieldInfo => {
  const found = fields?.find((f) => f.name === name)
  if (!found) throw new Error(`field ${name} missing`)
  return found
}
const variablesOf = (m: MethodInfo) => field(m.inputType.fields, 'variables').messageType?.fields

describe('GraphQL with Apollo Server 5 and Mercurius', () => {
  let apollo: ApolloTestServer
  let mercurius: MercuriusTestServer
  let plugin: ProtocolPlugin
  let services: ServiceInfo[]
  const tick = (url: string, message: Record<string, unknown>) =>
    collect(
      plugin.invokeStream!(
        { target: url, service: 'Subscription', method: 'tick', messages: [{ variables: { count: 2 }, ...message }] },
        testContext(),
      ),
    )

  beforeAll(async () => {
    ;[apollo, mercurius] = await Promise.all([startApolloServer(), startMercuriusServer()])
    plugin = createGraphqlPlugin()
    services = await plugin.discover({ kind: 'url', url: apollo.url }, testContext())
    await plugin.discover({ kind: 'url', url: mercurius.url }, testContext())
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await Promise.all([apollo.close(), mercurius.close()])
  })

  it('finds graphql-ws on /subscriptions when the endpoint path refuses the upgrade', async () => {
    const frames = await tick(apollo.url, {})
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    expect(transportOf(frames)).toBe('graphql-ws')
    expect(data(frames)).toEqual([{ data: { tick: 1 } }, { data: { tick: 2 } }])
  })

  it('goes to the subscriptionUrl of the call message', async () => {
    const frames = await tick(apollo.url, {
      subscriptionUrl: apollo.subscriptionsUrl,
      subscriptionTransport: 'graphql-ws',
    })
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    expect(data(frames)).toHaveLength(2)
  })

  it('names every graphql-ws address tried and why it refused, each on its own line, and what to set', async () => {
    const wrong = apollo.subscriptionsUrl.replace('/subscriptions', '/nowhere')
    const frames = await tick(apollo.url, { subscriptionUrl: wrong, subscriptionTransport: 'graphql-ws' })
    const end = frames.at(-1) as EndFrame
    expect(end).toMatchObject({
      status: 'Unavailable',
      details: { refused: [{ transport: 'graphql-ws', address: wrong, reason: expect.stringContaining('HTTP 400') }] },
    })
    const lines = end.message!.split('\n')
    expect(lines[1]).toBe(`graphql-ws ${wrong}: it answered the upgrade with HTTP 400.`)
    expect(lines.at(-1)).toContain('Subscription URL')
    expect(lines.at(-1)).toContain(apollo.subscriptionsUrl)
  })

  it('lists what each transport answered, one address a line, when neither takes the subscription', async () => {
    const frames = await tick(mercurius.url, {})
    const end = frames.at(-1) as EndFrame
    expect(end.status).not.toBe('OK')
    const refused = (end.details as { refused: Array<{ transport: string; address: string }> }).refused
    const ws = new URL(mercurius.url.replace(/^http/, 'ws'))
    expect(refused.map((r) => `${r.transport} ${r.address}`)).toEqual([
      `graphql-ws ${ws.href}`,
      `graphql-ws ${new URL(`${ws.pathname}/subscriptions`, ws).href}`,
      `graphql-ws ${new URL('/subscriptions', ws).href}`,
      `graphql-sse ${mercurius.url}`,
    ])
    const lines = end.message!.split('\n')
    expect(lines).toHaveLength(refused.length + 2)
    for (const [index, r] of refused.entries()) expect(lines[index + 1]).toMatch(`${r.transport} ${r.address}: `)
    expect(lines.at(-1)).toContain('"subscriptionUrl"')
  })

  it('reports deprecated enum values, fields and root fields with their reasons', () => {
    const books = method(services, 'Query', 'books')
    const filter = field(variablesOf(books), 'filter').messageType
    expect(field(filter?.fields, 'genre').enumValues).toEqual([
      { name: 'FICTION', number: 0 },
      { name: 'HISTORY', number: 1 },
      { name: 'POETRY', number: 2, deprecated: true, deprecationReason: 'Shelved under FICTION now.' },
    ])
    expect(field(books.outputType.fields, 'isbn')).toMatchObject({ deprecated: true, deprecationReason: 'Use id.' })
    expect(method(services, 'Query', 'oldBooks')).toMatchObject({ deprecated: true, deprecationReason: 'Use books.' })
    expect(method(services, 'Query', 'books').deprecationReason).toBeUndefined()
  })

  it('leaves deprecated fields out of default operations, which Apollo runs as they are', async () => {
    const books = method(services, 'Query', 'books')
    const query = field(books.inputType.fields, 'query').defaultValue as string
    expect(query).not.toContain('isbn')
    expect(query).toMatch(/books\(.*\) \{\n {4}id\n {4}title\n {4}genre\n/)
    const result = await plugin.invoke(
      { target: apollo.url, service: 'Query', method: 'books', messages: [{ query }] },
      testContext(),
    )
    expect(result.status).toBe('OK')
  })

  it('types each argument for a plausible example: ID, String, Int, enums and input objects, with defaults', () => {
    expect(field(variablesOf(method(services, 'Query', 'book')), 'bookId')).toMatchObject({
      type: 'string',
      format: 'id',
      required: true,
    })
    const books = variablesOf(method(services, 'Query', 'books'))
    expect(field(books, 'limit')).toMatchObject({ type: 'int32', required: false, defaultValue: 10 })
    expect(field(books, 'titleContains')).toMatchObject({ type: 'string' })
    const filter = field(books, 'filter')
    expect(filter).toMatchObject({ type: 'message', messageType: { name: 'BookFilter' } })
    expect(field(filter.messageType?.fields, 'genre')).toMatchObject({ type: 'enum', defaultValue: 'FICTION' })
    expect(field(filter.messageType?.fields, 'words')).toMatchObject({ type: 'string', isRepeated: true })
    const addBook = variablesOf(method(services, 'Mutation', 'addBook'))
    expect(field(addBook, 'genre')).toMatchObject({ type: 'enum', defaultValue: 'FICTION' })
  })
})
