/**
 * Embedded mode in a Fastify host: discovery of the host's own origin answers its route table (compared field by field
 * with an independent walk of the routes the host declared), sends no HTTP request to the host, and calls reach the
 * host's handlers through `inject()` without opening a socket.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type {
  BenchStatus,
  ClientConfig,
  DiscoverResponse,
  FieldInfo,
  InvokeResult,
  MethodInfo,
  ServiceInfo,
} from '@wirebench/core'
import { wirebench } from '@wirebench/embed'
import { fastifySSE } from '@fastify/sse'
import Fastify from 'fastify'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'
import { startFastifyHost, workbenchToken } from '../servers/embed/fastify-host.js'
import type { Echo, FastifyHost } from '../servers/embed/fastify-host.js'

let host: FastifyHost
let configDir: string
let connections = 0

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-embed-fastify-'))
  host = await startFastifyHost({ configDir })
  host.app.server.on('connection', () => connections++)
})

afterAll(async () => {
  await host.close()
  await rm(configDir, { recursive: true, force: true })
})

async function api<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  // Through inject too: the only sockets the host could see would be the workbench calling it.
  const response = await host.app.inject({
    method: 'POST',
    url: `/workbench${path}`,
    headers: { host: new URL(host.origin).host, 'x-workbench-token': workbenchToken },
    payload: body as Record<string, unknown>,
  })
  return { status: response.statusCode, body: response.json<T>() }
}

// ---- The independent walk: what the host declared, mapped by this test's own reading of SPEC.md's embedded column.

interface ExpectedField {
  name: string
  source: string
  required: boolean
  children?: ExpectedField[]
}

type Schema = Record<string, unknown>

function shared(ref: string): Schema {
  const schemas = host.app.getSchemas() as Record<string, Schema>
  return schemas[ref.replace(/#$/, '')] as Schema
}

function deref(schema: Schema): Schema {
  return typeof schema['$ref'] === 'string' ? deref(shared(schema['$ref'])) : schema
}

function objectProperties(schema: Schema): { properties: Record<string, Schema>; required: string[] } {
  const s = deref(schema)
  const isWrapped = 'type' in s || 'properties' in s
  const properties = (isWrapped ? (s['properties'] ?? {}) : s) as Record<string, Schema>
  return { properties, required: (s['required'] as string[] | undefined) ?? [] }
}

function walk(schema: Schema | undefined, source: string, depth: number): ExpectedField[] {
  if (schema === undefined) return []
  const { properties, required } = objectProperties(schema)
  return Object.entries(properties).map(([name, raw]) => {
    const property = deref(raw)
    const field: ExpectedField = { name, source, required: source === 'path' || required.includes(name) }
    const items = property['type'] === 'array' ? deref(property['items'] as Schema) : undefined
    const nested = property['type'] === 'object' ? property : items?.['type'] === 'object' ? items : undefined
    if (nested && depth <= 4) field.children = walk(nested, source, depth + 1)
    return field
  })
}

interface ExpectedMethod {
  service: string
  name: string
  httpMethod: string
  httpPath: string
  summary?: string
  description?: string
  deprecated: boolean
  fields: ExpectedField[]
}

function expectedMethods(declared: RouteOptions[]): ExpectedMethod[] {
  const get = new Set(declared.filter((r) => r.method === 'GET').map((r) => r.url))
  const out: ExpectedMethod[] = []
  for (const route of declared) {
    const verb = String(route.method)
    if (route.url.startsWith('/workbench')) continue
    if (verb === 'HEAD' && get.has(route.url)) continue
    const schema = (route.schema ?? {}) as Schema
    if (schema['hide'] === true) continue
    const tags = schema['tags'] as string[] | undefined
    const group = ((route as RouteOptions & { prefix?: string }).prefix ?? '').replace(/^\/|\/$/g, '')
    const path = route.url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}')
    const config = route.config
    const name =
      (schema['operationId'] as string | undefined) ??
      config?.name ??
      `${verb.toLowerCase()}_${path}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
    const method: ExpectedMethod = {
      service: tags?.[0] ?? (group || 'Default'),
      name,
      httpMethod: verb,
      httpPath: path,
      deprecated: schema['deprecated'] === true,
      fields: [
        ...walk(schema['params'] as Schema | undefined, 'path', 1),
        // A path parameter without a schema is still a field.
        ...[...route.url.matchAll(/:(\w+)/g)]
          .map((m) => m[1] as string)
          .filter((p) => !(p in objectProperties((schema['params'] ?? {}) as Schema).properties))
          .map((p) => ({ name: p, source: 'path', required: true })),
        ...walk(schema['querystring'] as Schema | undefined, 'query', 1),
        ...walk(schema['headers'] as Schema | undefined, 'header', 1),
        ...walk(schema['body'] as Schema | undefined, 'body', 1),
      ],
    }
    if (typeof schema['summary'] === 'string') method.summary = schema['summary']
    if (typeof schema['description'] === 'string') method.description = schema['description']
    out.push(method)
  }
  return out
}

function discoveredFields(fields: FieldInfo[]): ExpectedField[] {
  return fields.map((f) => {
    const field: ExpectedField = { name: f.name, source: f.source ?? 'body', required: f.required }
    if (f.messageType && f.messageType.fields.length > 0) field.children = discoveredFields(f.messageType.fields)
    return field
  })
}

function asExpected(service: ServiceInfo, method: MethodInfo): ExpectedMethod {
  const out: ExpectedMethod = {
    service: service.name,
    name: method.name,
    httpMethod: method.httpMethod ?? '',
    httpPath: method.httpPath ?? '',
    deprecated: method.deprecated,
    fields: discoveredFields(method.inputType.fields),
  }
  if (method.summary !== undefined) out.summary = method.summary
  if (method.description !== undefined) out.description = method.description
  return out
}

describe('embedded discovery of a Fastify host', () => {
  let discovered: DiscoverResponse

  beforeAll(async () => {
    const before = connections
    discovered = (await api<DiscoverResponse>('/api/discover', { urls: [host.origin] })).body
    expect(connections - before).toBe(0)
  })

  it('lists every route the host declared, field by field, tagged embedded', () => {
    const byKey = (m: ExpectedMethod) => `${m.httpMethod} ${m.httpPath}`
    const actual = discovered.services
      .flatMap((s) => s.methods.map((m) => asExpected(s, m)))
      .sort((a, b) => byKey(a).localeCompare(byKey(b)))
    const expected = expectedMethods(host.declared).sort((a, b) => byKey(a).localeCompare(byKey(b)))
    expect(actual).toEqual(expected)
    expect(discovered.services.every((s) => s.source === 'embedded' && s.protocol === 'rest')).toBe(true)
    expect(discovered.services.every((s) => s.originUrl === host.origin && s.baseUrl === host.origin)).toBe(true)
  })

  it('maps the SPEC.md embedded column: tags, plugin prefixes, names, constraints, deprecation', () => {
    const names = discovered.services.map((s) => `${s.name}: ${s.methods.map((m) => m.name).join(', ')}`).sort()
    expect(names).toEqual([
      'Default: replaceUser',
      'api/v1/admin: delete_api_v1_admin_items_itemId',
      'api/v1: get_api_v1_items',
      'users: createUser, get_users_id',
    ])
    const one = discovered.services.find((s) => s.name === 'users')?.methods.find((m) => m.name === 'get_users_id')
    expect(one).toMatchObject({ httpPath: '/users/{id}', deprecated: true, summary: 'One user' })
  })

  it('resolves $refs to shared schemas and walks bodies to depth 4', () => {
    const replace = discovered.services.find((s) => s.name === 'Default')?.methods[0]
    const address = replace?.inputType.fields.find((f) => f.name === 'address')
    const geo = address?.messageType?.fields.find((f) => f.name === 'geo')
    expect(geo?.messageType?.fields.map((f) => [f.name, f.required])).toEqual([
      ['lat', true],
      ['lng', false],
    ])
  })

  it('reports one attempt, and no other protocol probes the host', () => {
    expect(discovered.attempts.map((a) => [a.pluginId, a.outcome])).toEqual([['rest', 'ok']])
    expect(host.received).toEqual([])
  })
})

describe('an embedded benchmark of the host', () => {
  it("says the run shared the host's process, and ran through inject() without a socket", async () => {
    const { body: found } = await api<DiscoverResponse>('/api/discover', { urls: [host.origin] })
    // GET /users/:id: a route that reads, so it runs unasked.
    const service = found.services.find((s) => s.methods.some((m) => m.httpPath === '/users/{id}'))
    const method = service?.methods.find((m) => m.httpMethod?.toUpperCase() === 'GET' && m.httpPath === '/users/{id}')
    expect(method, JSON.stringify(found.services.map((s) => s.methods.map((m) => m.httpPath)))).toBeDefined()
    const before = connections
    const started = await api<{ run: string }>('/api/bench/start', {
      call: { protocol: 'rest', url: host.origin, service: service?.name, method: method?.name, messages: [{ id: 7 }] },
      settings: { mode: 'closed', calls: 20, concurrency: 2 },
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    let status: BenchStatus | undefined
    await expect
      .poll(async () => (status = (await api<BenchStatus>('/api/bench/status', { run: started.body.run })).body).state)
      .toBe('finished')
    expect(status?.sharedProcess).toBe(true)
    expect(status?.result?.calls).toBe(20)
    expect(connections - before).toBe(0)
  })
})

describe('embedded invocation through inject()', () => {
  it('reaches the handler with the path, query, headers and body, and opens no socket', async () => {
    await api('/api/discover', { urls: [host.origin] })
    const before = connections
    const { status, body } = await api<InvokeResult>('/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'users',
      method: 'createUser',
      messages: [
        {
          'x-request-id': 'req-1',
          notify: true,
          name: 'Ada',
          roles: ['admin'],
          profile: { bio: 'b', links: [{ url: 'u', meta: { level: { deep: 'd', deeper: { x: 'x' } } } }] },
        },
      ],
      metadata: { authorization: 'Bearer secret-token' },
      includeSent: true,
    })
    expect(status).toBe(200)
    expect(body.status).toBe('OK')
    const echo = body.response as Echo
    expect(echo).toMatchObject({
      route: '/users',
      method: 'POST',
      url: '/users?notify=true',
      query: { notify: true },
      body: {
        name: 'Ada',
        roles: ['admin'],
        profile: { bio: 'b', links: [{ url: 'u', meta: { level: { deep: 'd', deeper: { x: 'x' } } } }] },
      },
    })
    expect(echo.headers).toMatchObject({ 'x-request-id': 'req-1', authorization: 'Bearer secret-token' })
    expect(connections - before).toBe(0)
    expect(body.sent?.headers.find(([name]) => name === 'authorization')?.[1]).not.toContain('secret-token')
  })

  it('fills path parameters of constrained routes', async () => {
    await api('/api/discover', { urls: [host.origin] })
    const { body } = await api<InvokeResult>('/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'users',
      method: 'get_users_id',
      messages: [{ id: 42, verbose: true }],
    })
    expect(body.response).toMatchObject({
      route: '/users/:id(^\\d+$)',
      url: '/users/42?verbose=true',
      params: { id: 42 },
    })
  })
  it('reports no validation problem for a route that declares no response schema (nothing to check against)', async () => {
    await api('/api/discover', { urls: [host.origin] })
    const { body } = await api<InvokeResult>('/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'users',
      method: 'get_users_id',
      messages: [{ id: 42 }],
    })
    expect(body.status).toBe('OK')
    expect(body.validation?.problems ?? []).toEqual([])
  })
})

describe('a workbench registered after some of the host routes', () => {
  it('says so in the log and on the page, and lists the earlier routes by verb and path', async () => {
    const uiDir = join(configDir, 'ui')
    await mkdir(uiDir, { recursive: true })
    await writeFile(join(uiDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    const lines: string[] = []
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } })
    app.get(
      '/early',
      { schema: { tags: ['early'], querystring: { type: 'object', properties: { q: { type: 'string' } } } } },
      () => 'early',
    )
    app.get('/files/*', () => 'file')
    await app.register(wirebench, {
      prefix: '/wb',
      configDir,
      token: workbenchToken,
      uiDir,
      announce: false,
      name: 'late-host',
    })
    app.get('/late', { schema: { tags: ['late'] } }, () => 'late')
    await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
      expect(lines.join('')).toContain('registered after 2 route(s) of late-host')
      const page = await app.inject({ url: '/wb/', headers: { host: new URL(origin).host } })
      const config = JSON.parse(/id="wirebench-config">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}') as ClientConfig
      expect(config.embedded).toMatchObject({ framework: 'Fastify', name: 'late-host', routeCount: 3 })
      expect(config.embedded?.notice).toContain('Register it before your routes')
      const found = await app.inject({
        method: 'POST',
        url: '/wb/api/discover',
        headers: { host: new URL(origin).host, 'x-workbench-token': workbenchToken },
        payload: { urls: [origin] },
      })
      const services = found.json<DiscoverResponse>().services
      // A wildcard route read back under its own path (the flat printRoutes form loses it).
      expect(services.map((s) => [s.name, s.methods.map((m) => [m.httpPath, m.inputType.fields.length])])).toEqual([
        ['late', [['/late', 0]]],
        [
          'Default',
          [
            ['/early', 0],
            ['/files/{*}', 1],
          ],
        ],
      ])
    } finally {
      await app.close()
    }
  })
})

describe('a workbench registered inside an encapsulated plugin', () => {
  it('says in the log and on the page that the host routes are listed without their schemas', async () => {
    const uiDir = join(configDir, 'ui-encapsulated')
    await mkdir(uiDir, { recursive: true })
    await writeFile(join(uiDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    const lines: string[] = []
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } })
    await app.register(
      async (admin) => {
        await admin.register(wirebench, { prefix: '/wb', configDir, token: workbenchToken, uiDir, announce: false })
      },
      { prefix: '/admin' },
    )
    app.get('/orders', { schema: { querystring: { type: 'object', properties: { q: { type: 'string' } } } } }, () => [])
    await app.ready()
    try {
      expect(lines.join('')).toContain('registered inside an encapsulated plugin')
      const page = await app.inject({ url: '/admin/wb/', headers: { host: 'localhost' } })
      const config = JSON.parse(/id="wirebench-config">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}') as ClientConfig
      expect(config.embedded?.notice).toContain('Register it on the root instance')
      expect(config.embedded?.routeCount).toBe(1)
    } finally {
      await app.close()
    }
  })
})

describe('event-stream and WebSocket routes of the host', () => {
  let app: FastifyInstance
  let port: number
  let spy: Server
  const spyHits: string[] = []
  beforeAll(async () => {
    app = Fastify()
    await app.register(wirebench, { prefix: '/wb', configDir, token: workbenchToken, uiDir: null, announce: false })
    await app.register(fastifySSE)
    app.get('/ticks', { sse: true, schema: { tags: ['live'] } }, async (_request, reply) => {
      for (const n of [1, 2]) await reply.sse.send({ data: `tick ${n}` })
    })
    app.get('/feed', { schema: { tags: ['live'], produces: ['text/event-stream'] } }, () => '')
    app.get('/socket', { websocket: true, schema: { tags: ['live'] } } as never, () => '')
    app.get('/plain', { schema: { tags: ['live'] } }, () => 'plain')
    app.get('/files/*', { schema: { tags: ['files'] } }, () => 'file')
    // Both stacks: `localhost`, 127.0.0.1 and [::1] all reach the host.
    await app.listen({ host: '::', port: 0 })
    port = (app.server.address() as AddressInfo).port
    // Another loopback server: the embedded policy must keep refusing it.
    spy = createServer((request, response) => {
      spyHits.push(request.url ?? '')
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: leaked\n\n')
    })
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await app.close()
    await new Promise((resolve) => spy.close(resolve))
  })

  const discoverAt = async (origin: string): Promise<DiscoverResponse> => {
    const found = await app.inject({
      method: 'POST',
      url: '/wb/api/discover',
      headers: { host: new URL(origin).host, 'x-workbench-token': workbenchToken },
      payload: { urls: [origin] },
    })
    return found.json<DiscoverResponse>()
  }

  it('lists @fastify/sse routes as server streams and leaves WebSocket routes out of REST', async () => {
    const live = (await discoverAt(`http://127.0.0.1:${port}`)).services.find((s) => s.name === 'live')
    expect(live?.methods.map((m) => [m.name, m.methodType])).toEqual([
      ['get_ticks', 'ServerStreaming'],
      ['get_feed', 'ServerStreaming'],
      ['get_plain', 'Unary'],
    ])
  })

  it('lists a wildcard route once under its own path, and no bare wildcard besides', async () => {
    const found = await discoverAt(`http://127.0.0.1:${port}`)
    const rest = found.services.filter((s) => s.protocol === 'rest')
    const listed = rest.flatMap((s) => s.methods.map((m) => `${s.name} ${m.httpMethod} ${m.httpPath}`))
    expect(listed.sort()).toEqual(['files GET /files/{*}', 'live GET /feed', 'live GET /plain', 'live GET /ticks'])
    // The host's WebSocket route is a WebSocket service of its own, not a REST operation.
    expect(found.services.filter((s) => s.protocol !== 'rest').map((s) => `${s.protocol} ${s.name}`)).toEqual([
      'websocket socket',
    ])
  })

  it.each(['localhost', '127.0.0.1', '[::1]'])('streams a host route on the origin named %s', async (name) => {
    const origin = `http://${name}:${port}`
    expect((await discoverAt(origin)).services.map((s) => s.source)).toContain('embedded')
    const client = await connectLive(liveUrl(origin, '/wb'), { token: workbenchToken, origin })
    try {
      client.send({
        op: 'stream.open',
        id: 't',
        protocol: 'rest',
        url: origin,
        service: 'live',
        method: 'get_ticks',
        messages: [{}],
      })
      expect((await client.waitFor(isOp('closed', 't'))).problem).toBeUndefined()
      const data = client.frames('t').flatMap((f) => (f.frame.type === 'message' ? [f.frame.data] : []))
      expect(data).toEqual(['tick 1', 'tick 2'])
    } finally {
      await client.close()
    }
  })

  it.each(['localhost', '127.0.0.1'])('still refuses another loopback server named %s', async (name) => {
    const origin = `http://localhost:${port}`
    await discoverAt(origin)
    const client = await connectLive(liveUrl(origin, '/wb'), { token: workbenchToken, origin })
    try {
      const serverUrl = `http://${name}:${(spy.address() as AddressInfo).port}`
      client.send({
        op: 'stream.open',
        id: 's',
        protocol: 'rest',
        url: origin,
        service: 'live',
        method: 'get_ticks',
        messages: [{}],
        serverUrl,
      })
      const closed = await client.waitFor(isOp('closed', 's'))
      const failure = closed.problem ?? client.frames('s').at(-1)?.frame
      expect(JSON.stringify(failure)).toContain('blocked_target')
      expect(spyHits).toEqual([])
    } finally {
      await client.close()
    }
  })
})
