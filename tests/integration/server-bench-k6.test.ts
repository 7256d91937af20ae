/**
 * A benchmark run exported as a k6 script (`POST /api/bench/export {format: 'k6-script'}`) over a real socket: the
 * request as the REST plugin put it on the wire, the run's load shape and thresholds, credential headers, an API key in
 * the query and the page's secret values as `__ENV` references, never as text or as the mask; a WebSocket exchange
 * (against a `ws` server) over `k6/ws` with its frames; a frame k6's exchange cannot send is refused by name; a gRPC
 * service known from uploaded .proto files (a grpc-js server without reflection) loads those files, with the request's
 * variables filled as the run filled them.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'acorn'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import type { BenchExportResponse, BenchStatus } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { grpcFixturesDir, startLabServer } from '../servers/grpc/lab-server.js'

const TOKEN = 'Bearer k6-s3cret-token'
const COPY = 'copied-s3cret-value'
let target: Server
let origin = ''
let wb: StandaloneServer
let base = ''
let configDir = ''
let sockets: WebSocketServer
let wsOrigin = ''
/** Query strings of the requests the REST target saw. */
const queries: string[] = []
/** What the WebSocket target saw: each upgrade's URL and headers, and every text frame. */
const upgrades: Array<{ url: string; authorization: string | undefined }> = []
const frames: string[] = []

async function api<T>(path: string, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token ?? '' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as T }
}

beforeAll(async () => {
  target = createServer((request, response) => {
    if (request.url === '/openapi.json') {
      const post = {
        tags: ['load'],
        operationId: 'order',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'ok' } },
      }
      return void response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Load', version: '1' },
          servers: [{ url: origin }],
          paths: { '/orders': { post } },
        }),
      )
    }
    queries.push(new URL(request.url ?? '/', origin).search)
    request.resume()
    request.on('end', () => response.end('{"ok":true}'))
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
  sockets = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/chat' })
  sockets.on('connection', (socket, request) => {
    upgrades.push({ url: request.url ?? '', authorization: request.headers.authorization })
    socket.on('message', (data: Buffer) => {
      frames.push(data.toString('utf8'))
      socket.send(`echo ${data.toString('utf8')}`)
    })
  })
  await new Promise((resolve) => sockets.once('listening', resolve))
  wsOrigin = `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}`
  configDir = await mkdtemp(join(tmpdir(), 'wb-benchk6-'))
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
  base = await wb.listen()
  expect((await api('/api/discover', { urls: [`${origin}/openapi.json`] })).status).toBe(200)
})

afterAll(async () => {
  await wb.close()
  await new Promise((resolve) => target.close(resolve))
  await new Promise((resolve) => sockets.close(resolve))
  await rm(configDir, { recursive: true, force: true })
})

async function ended(run: string): Promise<BenchStatus> {
  for (;;) {
    const status = (await api<BenchStatus>('/api/bench/status', { run })).json
    if (status.state !== 'running') return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The run's k6 script, checked as an ES module (k6 is a Go binary, not installable here). */
async function k6ScriptOf(run: string, secrets?: string[]): Promise<string> {
  const exported = await api<BenchExportResponse>('/api/bench/export', {
    run,
    format: 'k6-script',
    ...(secrets ? { secrets } : {}),
  })
  expect(exported.status, JSON.stringify(exported.json)).toBe(200)
  const script = exported.json.text
  expect(() => parse(script, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow()
  return script
}

// The runs below POST and send WebSocket frames to test servers of this file: each says yes to a state-changing run.
describe('a benchmark exported as a k6 script', () => {
  it('writes the REST request as sent, the load shape and thresholds, and secrets as __ENV references', async () => {
    const started = await api<{ run: string }>('/api/bench/start', {
      call: {
        protocol: 'rest',
        url: `${origin}/openapi.json`,
        service: 'load',
        method: 'order',
        messages: [{ body: { item: 'tea', note: COPY } }],
        metadata: { authorization: TOKEN, 'x-copy': COPY },
      },
      settings: { mode: 'closed', calls: 10, concurrency: 2 },
      allowStateChanging: true,
      thresholds: ['p95 < 250ms', 'error-rate < 0.01'],
    })
    expect(started.status).toBe(200)
    const { run } = started.json
    await ended(run)
    const exported = await api<BenchExportResponse>('/api/bench/export', {
      run,
      format: 'k6-script',
      secrets: [COPY],
    })
    expect(exported.status).toBe(200)
    const script = exported.json.text
    expect(exported.json.fileName).toMatch(/\.k6\.js$/)
    // k6 is a Go binary, not installable here: the script is checked as an ES module.
    expect(() => parse(script, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow()
    expect(script).toContain(`http.request("POST", "${origin}/orders"`)
    // The confirmation the run needed is said again where the script begins.
    expect(script).toMatch(/^\/\/ POST \/orders may change the server's data \(HTTP POST is not a safe method\)/m)
    expect(script).toContain('__ENV.WB_AUTHORIZATION')
    expect(script).toContain('__ENV.WB_SECRET_1')
    expect(script).toContain('"shared-iterations"')
    expect(script).toContain('"p(95)<250"')
    expect(script).not.toContain('s3cret')
  })

  it('draws ${uuid} and ${random} afresh in every k6 iteration, as the run did for every call', async () => {
    const started = await api<{ run: string }>('/api/bench/start', {
      call: {
        protocol: 'rest',
        url: `${origin}/openapi.json`,
        service: 'load',
        method: 'order',
        messages: [{ body: { item: '${uuid}', note: 'n-${random}' } }],
      },
      settings: { mode: 'closed', calls: 4, concurrency: 1 },
      allowStateChanging: true,
    })
    expect(started.status).toBe(200)
    await ended(started.json.run)
    const script = await k6ScriptOf(started.json.run)
    // No value of the first call is frozen into the script: each iteration draws its own.
    expect(script).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/)
    expect(script).not.toMatch(/n-\d{6,}/)
    expect(script).toMatch(
      /export default function \(\) \{\n {2}const wb1 = wb(Uuid|Random)\(\)\n {2}const wb2 = wb(Uuid|Random)\(\)/,
    )
    expect(script).toContain('function wbUuid()')
    expect(script).toContain('function wbRandom()')
    expect(script).toMatch(/"\{\\"item\\":\\"" \+ wb[12] \+ "\\",\\"note\\":\\"n-" \+ wb[12] \+ "\\"\}"/)
    expect(script).not.toContain('afresh')
  })

  it('writes a WebSocket exchange over k6/ws: its frames in order, credentials and the query API key as __ENV', async () => {
    expect((await api('/api/discover', { urls: [`${wsOrigin}/chat`] })).status).toBe(200)
    const call = {
      protocol: 'websocket',
      url: `${wsOrigin}/chat`,
      service: 'chat',
      method: 'connect',
      messages: [{ text: `hello ${COPY}` }, { op: 'subscribe', room: 'tea' }, { close: { code: 1000 } }],
      metadata: {
        authorization: TOKEN,
        'x-tenant': 'blue',
        __workbenchApiKeyQuery__: JSON.stringify([{ name: 'key', value: 'query-s3cret' }]),
      },
    }
    const started = await api<{ run: string }>('/api/bench/start', {
      call,
      settings: { mode: 'closed', calls: 12, concurrency: 3 },
      allowStateChanging: true,
      thresholds: ['p99 < 500ms', 'error-rate < 0.01'],
    })
    expect(started.status).toBe(200)
    const status = await ended(started.json.run)
    // The run itself went through the WebSocket plugin: every exchange answered, with the credentials sent.
    expect(status.result).toMatchObject({ calls: 12, errors: 0 })
    expect(upgrades.at(-1)).toEqual({ url: '/chat?key=query-s3cret', authorization: TOKEN })
    // (The discovery probe's upgrade came first, without metadata.)
    expect(frames.filter((frame) => frame === `hello ${COPY}`)).toHaveLength(12)
    expect(frames.filter((frame) => frame === '{"op":"subscribe","room":"tea"}')).toHaveLength(12)

    const script = await k6ScriptOf(started.json.run, [COPY])
    expect(script).toContain("import ws from 'k6/ws'")
    expect(script).toContain(
      'const frames = ["hello " + __ENV.WB_SECRET_1, "{\\"op\\":\\"subscribe\\",\\"room\\":\\"tea\\"}"]',
    )
    expect(script).toContain(`ws.connect("${wsOrigin}/chat?key=" + __ENV.WB_QUERY_KEY, { headers: {`)
    expect(script).toContain('"authorization": __ENV.WB_AUTHORIZATION')
    expect(script).toContain('"x-tenant": "blue"')
    expect(script).toContain('"executor": "shared-iterations",\n      "vus": 3,\n      "iterations": 12')
    expect(script).toContain('"ws_session_duration": [\n      "p(99)<500"')
    expect(script).not.toContain('s3cret')
    expect(script).not.toContain('__workbench')
  })

  it('reads an API key the run put in the query from __ENV: the URL never holds the key or its mask', async () => {
    queries.length = 0
    const started = await api<{ run: string }>('/api/bench/start', {
      call: {
        protocol: 'rest',
        url: `${origin}/openapi.json`,
        service: 'load',
        method: 'order',
        messages: [{ body: { item: 'tea' } }],
        metadata: { __workbenchApiKeyQuery__: JSON.stringify([{ name: 'api_key', value: 'query-s3cret' }]) },
      },
      settings: { mode: 'closed', calls: 3, concurrency: 1 },
      allowStateChanging: true,
    })
    expect(started.status).toBe(200)
    expect((await ended(started.json.run)).result).toMatchObject({ calls: 3, errors: 0 })
    // The run sent the key in the query.
    expect(queries).toEqual(['?api_key=query-s3cret', '?api_key=query-s3cret', '?api_key=query-s3cret'])
    const script = await k6ScriptOf(started.json.run, ['query-s3cret'])
    expect(script).toContain(`http.request("POST", "${origin}/orders?api_key=" + __ENV.WB_QUERY_API_KEY, `)
    expect(script).not.toContain('***')
    expect(script).not.toContain('s3cret')
  })

  it('loads the uploaded .proto files of a gRPC service without reflection, sending what the run sent', async () => {
    const lab = await startLabServer({ reflection: 'none' })
    try {
      const files = await Promise.all(
        ['lab.proto', 'types.proto'].map(async (name) => ({
          name,
          content: (await readFile(join(grpcFixturesDir, 'wbtest/v1', name))).toString('base64'),
        })),
      )
      expect((await api('/api/uploads', { files })).status).toBe(201)
      const started = await api<{ run: string }>('/api/bench/start', {
        call: {
          protocol: 'grpc',
          url: 'lab.proto',
          serverUrl: lab.url,
          service: 'wbtest.v1.Lab',
          method: 'Echo',
          messages: [{ text: '${uuid} for ${tenant}' }],
          metadata: { 'x-tenant': '${tenant}', authorization: 'Bearer ${token}' },
        },
        variables: [{ tenant: 'acme', token: 'grpc-s3cret' }],
        settings: { mode: 'open', rate: 2.5, durationS: 1, concurrency: 2 },
        allowStateChanging: true,
        thresholds: ['error-rate < 0.01'],
      })
      expect(started.status).toBe(200)
      const status = await ended(started.json.run)
      expect(status.result?.errors).toBe(0)
      expect(status.result?.calls).toBeGreaterThan(0)
      const script = await k6ScriptOf(started.json.run, ['grpc-s3cret'])
      expect(script).toContain('client.load(__ENV.WB_PROTO_DIR ? [__ENV.WB_PROTO_DIR] : [], "lab.proto")')
      expect(script).toContain(`client.connect("${new URL(lab.url).host}", { plaintext: true })`)
      expect(script).toContain('client.invoke("wbtest.v1.Lab/Echo", { "text": wb1 + " for acme" }, {')
      expect(script).toContain('metadata: { "x-tenant": "acme", "authorization": __ENV.WB_AUTHORIZATION },')
      expect(script).toContain('"rate": 5,\n      "timeUnit": "2s"')
      expect(script).toContain('"checks": [\n      "rate>0.99"')
      expect(script.split('\n').filter((line) => !line.startsWith('//') && line.includes('${'))).toEqual([])
      expect(script).not.toContain('s3cret')
    } finally {
      await lab.close()
    }
  })

  it('refuses a WebSocket run that sends a binary frame, naming the message', async () => {
    const started = await api<{ run: string }>('/api/bench/start', {
      call: {
        protocol: 'websocket',
        url: `${wsOrigin}/chat`,
        service: 'chat',
        method: 'connect',
        messages: ['hi', { binary: 'AAEC' }],
      },
      settings: { mode: 'closed', calls: 2, concurrency: 1 },
      allowStateChanging: true,
    })
    expect(started.status).toBe(200)
    await ended(started.json.run)
    const refused = await api<{ detail: string }>('/api/bench/export', { run: started.json.run, format: 'k6-script' })
    expect(refused.status).toBe(400)
    expect(refused.json.detail).toMatch(/Message 2 is a binary frame/)
  })

  it('refuses an unknown format and a run it does not know, naming them', async () => {
    const unknownRun = await api<{ detail: string }>('/api/bench/export', { run: 'nope', format: 'k6-script' })
    expect(unknownRun.status).toBe(404)
    const badFormat = await api('/api/bench/export', { run: 'nope', format: 'jmeter' })
    expect(badFormat.status).toBe(400)
  })
})
