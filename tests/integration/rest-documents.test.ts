/** Swagger 2.0 in YAML, uploads, and the failure messages of discovery, against real loopback servers. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startEchoServer } from '../servers/rest/echo-server.js'
import type { Echo, EchoServer } from '../servers/rest/echo-server.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const swaggerYaml = readFileSync(fileURLToPath(new URL('../fixtures/rest/swagger2-echo.yaml', import.meta.url)), 'utf8')

let echo: EchoServer
let files: StaticServer
let plugin: ProtocolPlugin

beforeAll(async () => {
  ;[echo, files] = await Promise.all([startEchoServer(swaggerYaml, 'text/yaml'), startStaticServer()])
  plugin = createRestPlugin()
})

afterAll(async () => {
  await plugin?.dispose?.()
  await Promise.all([echo?.close(), files?.close()])
})

const echoed = (result: InvokeResult): Echo => result.response as Echo

describe('a Swagger 2.0 YAML document', () => {
  let services: ServiceInfo[]
  beforeAll(async () => {
    services = await plugin.discover({ kind: 'url', url: echo.docUrl }, testContext())
  })
  const invoke = (service: string, method: string, message: Record<string, unknown>) =>
    plugin.invoke({ target: echo.docUrl, service, method, messages: [message] }, testContext())

  it('resolves the base URL from the serving host and basePath', () => {
    expect(services.map((s) => [s.name, s.baseUrl, s.version])).toEqual([
      ['echo', `${echo.origin}/api`, '2.0.1'],
      ['Default', `${echo.origin}/api`, '2.0.1'],
    ])
  })

  it('sends path-level path parameters, multi query arrays and header parameters', async () => {
    const result = await invoke('echo', 'getThing', { id: 'x/1', tags: ['a', 'b'], 'X-Request-Id': 'r1' })
    expect(echoed(result)).toMatchObject({
      method: 'GET',
      url: '/api/things/x%2F1?tags=a&tags=b',
      headers: { 'x-request-id': 'r1' },
    })
  })

  it('sends the body parameter as JSON', async () => {
    const thing = { name: 'n', parts: [{ name: 'p' }], size: 9 }
    const result = await invoke('echo', 'putThing', { id: '1', ...thing })
    expect(echoed(result)).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/json' } })
    expect(JSON.parse(echoed(result).body)).toEqual(thing)
  })

  it('sends formData with a file as multipart, the filename empty for plain base64', async () => {
    const result = await invoke('echo', 'uploadPhoto', {
      id: '1',
      caption: 'hi',
      photo: Buffer.from('JPEG').toString('base64'),
    })
    const { headers, body } = echoed(result)
    expect(String(headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/)
    expect(body).toContain('name="caption"\r\n\r\nhi\r\n')
    expect(body).toMatch(/name="photo"; filename=""\r\nContent-Type: application\/octet-stream\r\n\r\nJPEG\r\n/)
  })

  it('sends formData without files urlencoded', async () => {
    const result = await invoke('Default', 'login', { user: 'ann', scopes: ['r', 'w'] })
    expect(echoed(result)).toMatchObject({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user=ann&scopes=r&scopes=w',
    })
  })
})

describe('uploaded documents', () => {
  const file = (name: string, text: string) => ({ name, content: new TextEncoder().encode(text) })

  it('lists uploads apart, with the file name as origin, and asks for a server URL when none resolves', async () => {
    const services = await plugin.discover({ kind: 'files', files: [file('echo.yaml', swaggerYaml)] }, testContext())
    expect(services[0]).toMatchObject({ isUploaded: true, source: 'upload', originUrl: 'echo.yaml', protocol: 'rest' })
    expect(services[0]?.baseUrl).toBeUndefined()
    const call = { target: 'echo.yaml', service: 'echo', method: 'getThing', messages: [{ id: '5' }] }
    await expect(plugin.invoke(call, testContext())).rejects.toMatchObject({
      code: 'invalid_request',
      hint: expect.stringContaining('set a server URL for this upload'),
    })
    const result = await plugin.invoke({ ...call, serverUrl: `${echo.origin}/api` }, testContext())
    expect(echoed(result).url).toBe('/api/things/5')
  })

  it('parses each file separately and uses an absolute server URL of an upload', async () => {
    const json = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'abs', version: '1' },
      servers: [{ url: `${echo.origin}/v9` }],
      paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'ok' } } } } },
    })
    const services = await plugin.discover(
      { kind: 'files', files: [file('abs.json', json), file('echo.yml', swaggerYaml)] },
      testContext(),
    )
    expect(services.map((s) => s.originUrl)).toEqual(['abs.json', 'echo.yml', 'echo.yml'])
    const result = await plugin.invoke(
      { target: 'abs.json', service: 'Default', method: 'ping', messages: [{}] },
      testContext(),
    )
    expect(echoed(result).url).toBe('/v9/ping')
    plugin.forget?.('abs.json')
    await expect(
      plugin.invoke({ target: 'abs.json', service: 'Default', method: 'ping', messages: [{}] }, testContext()),
    ).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('discovery failures name the URL and the reason', () => {
  const discover = (url: string, options: Parameters<typeof testContext>[0] = {}) =>
    plugin.discover({ kind: 'url', url }, testContext(options)).then(
      () => undefined,
      (error: unknown) => error,
    )

  it('reports an unreachable host with the cause', async () => {
    const closed = await startStaticServer()
    const url = `${closed.origin}/openapi.json`
    await closed.close()
    expect(await discover(url)).toMatchObject({
      code: 'upstream_unreachable',
      message: expect.stringMatching(/127\.0\.0\.1:\d+.*ECONNREFUSED/),
    })
  })

  it('times out at the deadline with the URL in the message', async () => {
    const url = files.route('/slow.json', { body: '{}', contentType: 'application/json', delayMs: 5_000 })
    const started = Date.now()
    expect(await discover(url, { deadline: Date.now() + 300 })).toMatchObject({
      code: 'timeout',
      message: expect.stringContaining(url),
    })
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('stops when the caller cancels', async () => {
    const url = files.route('/slow2.json', { body: '{}', contentType: 'application/json', delayMs: 5_000 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    expect(await discover(url, { signal: controller.signal })).toMatchObject({ code: 'cancelled' })
  })

  it('says no services were discovered for text that is neither JSON nor YAML, or JSON that is not OpenAPI', async () => {
    const text = files.route('/notes.txt', { body: 'key: [unclosed', contentType: 'text/plain' })
    expect(await discover(text)).toMatchObject({
      code: 'no_services',
      message: expect.stringContaining('neither JSON nor YAML'),
    })
    const other = files.route('/other.json', { body: '{"kind":"grpc"}', contentType: 'application/json' })
    expect(await discover(other)).toMatchObject({
      code: 'no_services',
      message: `No services discovered at ${other}: the document has no "openapi" or "swagger" field, so it is not an OpenAPI description.`,
    })
    const none = files.route('/none.json', {
      body: '{"openapi":"3.0.0","info":{},"paths":{}}',
      contentType: 'application/json',
    })
    expect(await discover(none)).toMatchObject({
      code: 'no_services',
      message: expect.stringContaining('describes no operations'),
    })
  })

  it('ends each message with one full stop, also when the reason is a sentence of its own', async () => {
    expect(await discover('grpc://127.0.0.1:1')).toMatchObject({
      code: 'no_services',
      message:
        'No services discovered at grpc://127.0.0.1:1: grpc:// is not an address an OpenAPI document is fetched from.',
    })
    const notFound = files.route('/gone.json', { status: 404, body: 'gone', contentType: 'text/plain' })
    const html = files.route('/page', { body: '<html></html>', contentType: 'text/html' })
    for (const url of [notFound, html, 'grpc://127.0.0.1:1', 'ws://127.0.0.1:1/']) {
      expect(((await discover(url)) as Error).message).toMatch(/[^.]\.$/)
    }
  })

  it('refuses documents larger than the response limit', async () => {
    const url = files.route('/big.json', {
      body: JSON.stringify({ openapi: '3.0.0', pad: 'x'.repeat(5000) }),
      contentType: 'application/json',
    })
    expect(await discover(url, { limits: { maxResponseBytes: 1000 } })).toMatchObject({ code: 'payload_too_large' })
  })

  it('never connects to cloud-metadata addresses', async () => {
    expect(await discover('http://169.254.169.254/latest/openapi.json')).toMatchObject({ code: 'blocked_target' })
    expect(await discover('http://[::ffff:a9fe:a9fe]/openapi.json')).toMatchObject({ code: 'blocked_target' })
  })
})

describe('document fetching', () => {
  const doc = (server: string) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'moved', version: '1' },
      servers: [{ url: 'v1' }],
      paths: { '/x': { get: { operationId: 'x', responses: { '200': { description: 'ok' } } } } },
      'x-server': server,
    })
  const credentials = {
    authorization: 'Bearer secret-token',
    __workbenchApiKeyQuery__: JSON.stringify({ name: 'key', value: 'secret-key' }),
  }

  it('follows a same-origin redirect with credentials and resolves relative servers against the final URL', async () => {
    const target = files.route('/specs/current/openapi.json', { body: doc('same'), contentType: 'application/json' })
    const url = files.route('/openapi', { status: 302, body: '', headers: { location: '/specs/current/openapi.json' } })
    const services = await plugin.discover({ kind: 'url', url }, testContext({ metadata: credentials }))
    expect(services[0]).toMatchObject({ originUrl: url, baseUrl: `${files.origin}/specs/current/v1` })
    const last = files.requests.filter((r) => r.url.startsWith('/specs/current/openapi.json')).at(-1)
    expect(last?.url).toBe('/specs/current/openapi.json?key=secret-key')
    expect(last?.headers['authorization']).toBe('Bearer secret-token')
    expect(target).toContain('/specs/current/')
  })

  it('does not carry credentials across a redirect to another origin, neither when fetching nor in the base URL', async () => {
    const other = await startStaticServer()
    try {
      const target = other.route('/doc.json', { body: doc('other'), contentType: 'application/json' })
      const url = files.route('/elsewhere', { status: 307, body: '', headers: { location: target } })
      const services = await plugin.discover({ kind: 'url', url }, testContext({ metadata: credentials }))
      // Calls carry the credentials: they go to the origin the user named, not to where the document was moved.
      expect(services[0]?.baseUrl).toBe(`${files.origin}/v1`)
      expect(other.requests).toHaveLength(1)
      expect(other.requests[0]?.url).toBe('/doc.json')
      expect(JSON.stringify(other.requests[0]?.headers)).not.toContain('secret')
    } finally {
      await other.close()
    }
  })

  it('says no services were discovered at an HTTP/2-only (gRPC-style) server', async () => {
    const { createServer } = await import('node:http2')
    const h2 = createServer((_req, res) => res.end('h2 only'))
    await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = h2.address() as { port: number }
      const error: unknown = await plugin
        .discover({ kind: 'url', url: `http://127.0.0.1:${port}/` }, testContext())
        .catch((e: unknown) => e)
      expect(error).toMatchObject({
        code: 'no_services',
        message: expect.stringContaining('did not answer with HTTP/1.1'),
      })
    } finally {
      await new Promise<void>((resolve) => h2.close(() => resolve()))
    }
  })
})
