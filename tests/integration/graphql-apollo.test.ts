/**
 * GraphQL against Apollo Server 5 set up as its docs show (HTTP at `/graphql`, graphql-ws on `/subscriptions`) and
 * Mercurius: subscriptions found on the usual separate path or at a `subscriptionUrl`, refusals that name each
 * transport and why, deprecations (enum values, fields, root fields) with their reasons, and typed arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
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

  it('names every graphql-ws address tried and why it refused, with a hint to set subscriptionUrl', async () => {
    const wrong = apollo.subscriptionsUrl.replace('/subscriptions', '/nowhere')
    const error = await tick(apollo.url, { subscriptionUrl: wrong, subscriptionTransport: 'graphql-ws' }).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(WorkbenchError.is(error, 'upstream_error')).toBe(true)
    expect((error as WorkbenchError).message).toContain(`${wrong}: it answered the upgrade with HTTP 400`)
    expect((error as WorkbenchError).hint).toContain('subscriptionUrl')
  })

  it('says what each transport answered when neither takes the subscription', async () => {
    const frames = await tick(mercurius.url, {})
    const end = frames.at(-1) as EndFrame
    expect(end.status).not.toBe('OK')
    expect(end.message).toMatch(/^graphql-sse refused: .+\. graphql-ws refused first: ws:\/\/.+\/graphql: /)
    expect(end.message).toContain('/subscriptions: ')
    expect(end.message).toContain('subscriptionUrl')
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
