/**
 * `wirebench list`, `describe` and `call` against the demo services of every protocol (REST, gRPC, GraphQL, SSE,
 * WebSocket, SignalR), run in process as the executable runs them: output shapes, NDJSON streams arriving as they
 * are produced, client streams and bidi from several -d, a WebSocket exchange from standard input, and every exit code.
 * Beside the demo: a server that accepts connections and never answers, and one whose operation answers a redirect.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import { createServer } from 'node:net'
import type { Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleMessage } from '@wirebench/core'
import type { DiscoverResponse, MethodInfo } from '@wirebench/core'
import { startDemo } from '@wirebench/demo'
import type { DemoHandle } from '@wirebench/demo'
import { ndjson, runCli } from '../servers/cli/run-cli.js'

/** A port nothing listens on (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** An API whose one operation answers `307 Temporary Redirect` (the relay follows no redirect of a call). */
function startRedirectingApi(): Promise<{ server: HttpServer; url: string }> {
  const server = createHttpServer((request, response) => {
    const origin = `http://${request.headers.host ?? ''}`
    if (request.url === '/openapi.json') {
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Moved', version: '1' },
          servers: [{ url: origin }],
          paths: {
            '/old': { get: { operationId: 'getOld', tags: ['Moved'], responses: { '307': { description: 'moved' } } } },
          },
        }),
      )
      return
    }
    response.writeHead(307, { location: `${origin}/new` }).end()
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ server, url: `http://127.0.0.1:${port}/openapi.json` })
    }),
  )
}

describe('wirebench list, describe and call against the demo', () => {
  let demo: DemoHandle
  let dir: string
  let silent: Server
  let silentPort: number
  let redirecting: { server: HttpServer; url: string }
  const urlOf = (protocol: string): string => demo.services.find((s) => s.protocol === protocol)?.url ?? ''
  const cli = (args: string[], options?: Parameters<typeof runCli>[1]) =>
    runCli([...args, '--config-dir', dir], options)

  beforeAll(async () => {
    // Accepts every connection and never answers a byte.
    silent = createServer(() => undefined)
    ;[demo, redirecting] = await Promise.all([
      startDemo({ host: '127.0.0.1' }),
      startRedirectingApi(),
      new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)),
    ])
    silentPort = (silent.address() as { port: number }).port
    dir = await mkdtemp(join(tmpdir(), 'wb-cli-call-'))
  })
  afterAll(async () => {
    await demo?.close()
    silent?.close()
    redirecting?.server.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('lists methods one per line as Service/Method, kind and summary, deprecated ones marked', async () => {
    const { code, out } = await cli(['list', '--url', urlOf('rest')])
    expect(code).toBe(0)
    const lines = out.trimEnd().split('\n')
    expect(lines).toContainEqual(expect.stringMatching(/^Books\/getBook +unary GET +Get one book$/))
    expect(lines).toContainEqual(expect.stringMatching(/^Books\/searchBooksLegacy +unary GET +\[deprecated\] /))
    const grpc = await cli(['list', '--url', urlOf('grpc')])
    expect(grpc.out).toMatch(/^wirebench\.demo\.v1\.Telemetry\/Chat +bidi +A chat with the station operators/m)
    expect(grpc.out).toMatch(/^wirebench\.demo\.v1\.Telemetry\/StreamReadings +server-stream +Streams readings/m)
  })

  it('prints the whole discovery result with --json, per-plugin attempts included', async () => {
    const { code, out } = await cli(['list', '--url', urlOf('graphql'), '--json'])
    expect(code).toBe(0)
    const result = JSON.parse(out) as DiscoverResponse
    expect(result.services.map((s) => s.protocol)).toContain('graphql')
    expect(result.attempts.map((a) => a.pluginId)).toEqual(expect.arrayContaining(['rest', 'grpc', 'graphql', 'sse']))
    expect(result.attempts.find((a) => a.pluginId === 'graphql')?.outcome).toBe('ok')
  })

  it("describes a method's fields with type, source, required flag and description, and an example", async () => {
    const { code, out } = await cli(['describe', '--url', urlOf('rest'), 'Books/getBook'])
    expect(code).toBe(0)
    expect(out).toMatch(/^Books\/getBook +\(rest, Unary\)$/m)
    expect(out).toMatch(/^ {2}bookId +int\S* +path +required/m)
    expect(out).toContain('Example request (-d):')
    const json = await cli(['describe', '--url', urlOf('signalr'), 'chat/invoke', '--json'])
    const described = JSON.parse(json.out) as { method: { name: string }; example: Record<string, unknown> }
    expect(described.method.name).toBe('invoke')
    expect(described.example).toMatchObject({ target: 'SendMessage', transport: 'auto' })
  })

  it('prints the example body the UI form fills in: typed samples where the document gives none', async () => {
    const json = await cli(['describe', '--url', urlOf('grpc'), 'Telemetry/StreamReadings', '--json'])
    expect(json.code, json.err).toBe(0)
    const described = JSON.parse(json.out) as { method: MethodInfo; example: Record<string, unknown> }
    // The proto gives no examples: every field gets a sample of its type, 64-bit integers as proto3 strings.
    expect(described.example).toEqual(exampleMessage(described.method.inputType.fields, { flavor: 'proto3' }))
    expect(described.example).toMatchObject({ stationId: expect.any(String), count: expect.any(Number) })
    const text = await cli(['describe', '--url', urlOf('grpc'), 'Telemetry/StreamReadings'])
    expect(text.out).toContain(`Example request (-d):\n  ${JSON.stringify(described.example)}\n`)
    // The example is a message the method takes (the demo knows its own station ids only).
    const called = await cli([
      'call',
      '--url',
      urlOf('grpc'),
      'Telemetry/StreamReadings',
      '-d',
      JSON.stringify({ ...described.example, stationId: 'st-harbor', count: 1, intervalMs: 10 }),
    ])
    expect(called.code, called.err).toBe(0)
  })

  it('calls a REST operation (exit 0) and reports an HTTP 4xx as exit 1 with the body still printed', async () => {
    const ok = await cli(['call', '--url', urlOf('rest'), 'Books/getBook', '-d', '{"bookId": 1}'])
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.out)).toMatchObject({ id: 1, title: 'The Lighthouse Ledger' })
    const missing = await cli(['call', '--url', urlOf('rest'), 'Books/getBook', '-d', '{"bookId": 99999}'])
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/HTTP 404/)
    expect(missing.out).not.toBe('')
  })

  it('prints pretty JSON on a terminal and compact JSON otherwise', async () => {
    const args = ['call', '--url', urlOf('rest'), 'Books/getBook', '-d', '{"bookId": 1}']
    expect((await cli(args)).out.trimEnd().split('\n')).toHaveLength(1)
    expect((await cli(args, { isTTY: true })).out).toMatch(/^\{\n {2}"id": 1,\n/)
  })

  it('calls gRPC unary, a client stream from several -d and bidi from several -d', async () => {
    const unary = await cli(['call', '--url', urlOf('grpc'), 'Telemetry/GetStation', '-d', '{"stationId":"st-harbor"}'])
    expect(unary.code).toBe(0)
    expect(JSON.parse(unary.out)).toMatchObject({ id: 'st-harbor' })
    const reading = (value: number) =>
      JSON.stringify({ stationId: 'st-harbor', sensorId: 'harbor-temp', kind: 'SENSOR_KIND_TEMPERATURE', value })
    const upload = await cli([
      'call',
      '--url',
      urlOf('grpc'),
      'Telemetry/UploadReadings',
      '-d',
      reading(1),
      '-d',
      reading(2),
    ])
    expect(upload.code).toBe(0)
    expect(JSON.parse(upload.out)).toMatchObject({ accepted: '2' })
    const chat = await cli([
      'call',
      '--url',
      urlOf('grpc'),
      'Telemetry/Chat',
      '-d',
      '{"text":"hi"}',
      '-d',
      '{"text":"bye"}',
    ])
    expect(chat.code).toBe(0)
    expect(ndjson(chat.out)).toMatchObject([
      { data: { text: 'hi', role: 'ROLE_ECHO' } },
      { data: { text: 'bye', role: 'ROLE_ECHO' } },
    ])
    const missing = await cli(['call', '--url', urlOf('grpc'), 'Telemetry/GetStation', '-d', '{"stationId":"nope"}'])
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/NotFound/)
  })

  it('prints a server stream as NDJSON while it runs: the first line arrives before the stream ends', async () => {
    let firstLineAt = 0
    const started = Date.now()
    const result = await cli(
      [
        'call',
        '--url',
        urlOf('grpc'),
        'Telemetry/StreamReadings',
        '-d',
        // 1.6 s from the first reading to the last: the first line beats the end by 600 ms with a second to spare for
        // a busy machine (400 ms intervals left 200 ms).
        '{"stationId":"st-harbor","count":3,"intervalMs":800}',
      ],
      { onOut: () => (firstLineAt ||= Date.now()) },
    )
    const endedAt = Date.now()
    expect(result.code).toBe(0)
    expect(ndjson(result.out)).toHaveLength(3)
    expect(firstLineAt - started).toBeLessThan(endedAt - started - 600)
  })

  it('runs GraphQL from -d and from a .graphql file, and a response with errors exits 1', async () => {
    const query = await cli([
      'call',
      '--url',
      urlOf('graphql'),
      'Query/book',
      '-d',
      '{"query": "{ book(id: \\"1\\") { title } }"}',
    ])
    expect(query.code).toBe(0)
    expect(JSON.parse(query.out)).toEqual({ data: { book: { title: 'The Lighthouse Ledger' } } })
    const file = join(dir, 'book.graphql')
    await writeFile(file, 'query { book(id: "2") { title } }\n')
    const fromFile = await cli(['call', '--url', urlOf('graphql'), 'Query/book', '-d', `@${file}`])
    expect(fromFile.code).toBe(0)
    expect(JSON.parse(fromFile.out)).toMatchObject({ data: { book: { title: expect.any(String) } } })
    // As call --help says: the -d after a .graphql file holds its variables, and --var fills ${…} in them.
    const withVariables = join(dir, 'book-by-id.graphql')
    await writeFile(withVariables, 'query Q($id: ID!) { book(id: $id) { title } }\n')
    const variables = await cli([
      'call',
      '--url',
      urlOf('graphql'),
      'Query/book',
      '-d',
      `@${withVariables}`,
      '-d',
      '{"id": "${bookId}"}',
      '--var',
      'bookId=1',
    ])
    expect(variables.code, variables.err).toBe(0)
    expect(JSON.parse(variables.out)).toEqual({ data: { book: { title: 'The Lighthouse Ledger' } } })
    const bad = await cli(['call', '--url', urlOf('graphql'), 'Query/book', '-d', '{"query": "{ nope }"}'])
    expect(bad.code).toBe(1)
    expect(bad.out).toContain('Cannot query field')
  })

  it('streams a GraphQL subscription and an SSE feed as NDJSON', async () => {
    const tick = await cli([
      'call',
      '--url',
      urlOf('graphql'),
      'Subscription/tick',
      '-d',
      '{"query":"subscription { tick(count: 3, every: 100) { n } }"}',
    ])
    expect(tick.code, tick.err).toBe(0)
    expect(ndjson(tick.out)).toHaveLength(3)
    const feed = await cli(['call', '--url', urlOf('sse'), 'events/subscribe', '--timeout', '1.6'])
    // The feed never ends: --timeout stops it, and that is a timeout (exit 4) after the events it printed.
    expect(feed.code).toBe(4)
    expect(ndjson(feed.out).length).toBeGreaterThanOrEqual(1)
    expect(ndjson(feed.out)[0]).toMatchObject({
      data: { seq: expect.any(Number), station: expect.any(String) },
      meta: { event: expect.any(String) },
    })
  })

  it('sends -H headers (their ${var}s filled) to discovery as well, so a feed behind a key is found', async () => {
    const privateFeed = `${urlOf('sse')}/private?count=1`
    const refused = await cli(['call', '--url', privateFeed, 'private/subscribe'])
    expect(refused.code).toBe(3)
    const keyed = await cli([
      'call',
      '--url',
      privateFeed,
      'private/subscribe',
      '-H',
      'x-api-key: ${key}',
      '--var',
      'key=demo-key',
    ])
    expect(keyed.code, keyed.err).toBe(0)
    expect(ndjson(keyed.out)).toHaveLength(1)
  })

  it('exchanges WebSocket messages read line by line from standard input', async () => {
    async function* stdin() {
      yield '"hello"\n'
      // The second line comes later, as typed input would.
      await new Promise((resolve) => setTimeout(resolve, 100))
      yield '"/help"\n'
    }
    const result = await cli(['call', '--url', urlOf('websocket'), 'chat/connect', '-d', '@-', '--timeout', '1.5'], {
      stdin: stdin(),
    })
    expect(result.code, result.err).toBe(0)
    const lines = ndjson(result.out) as { data: { type: string; text?: string }; meta: { opcode: string } }[]
    expect(lines.every((line) => line.meta.opcode === 'text')).toBe(true)
    const frames = lines.map((line) => line.data)
    expect(frames.map((f) => f.type)).toEqual(expect.arrayContaining(['welcome', 'echo', 'help']))
    expect(frames.find((f) => f.type === 'echo')?.text).toBe('hello')
  })

  it('invokes a SignalR hub method and prints a hub stream as NDJSON', async () => {
    const echo = await cli([
      'call',
      '--url',
      urlOf('signalr'),
      'chat/invoke',
      '-d',
      '{"target":"Echo","arguments":["hi"]}',
    ])
    expect(echo.code, echo.err).toBe(0)
    expect(JSON.parse(echo.out)).toBe('hi')
    const counter = await cli([
      'call',
      '--url',
      urlOf('signalr'),
      'chat/stream',
      '-d',
      '{"target":"Counter","arguments":[3,20]}',
    ])
    expect(counter.code, counter.err).toBe(0)
    expect(ndjson(counter.out)).toMatchObject([1, 2, 3].map((data) => ({ data, meta: { kind: 'streamItem' } })))
    const fail = await cli(['call', '--url', urlOf('signalr'), 'chat/invoke', '-d', '{"target":"Fail","arguments":[]}'])
    expect(fail.code).toBe(1)
    expect(JSON.parse(fail.out)).toEqual({ error: expect.stringContaining('This method always fails') })
  })

  it('prints each frame of a SignalR connection with its kind, target and invocation id; a failed invoke exits 1', async () => {
    const result = await cli([
      'call',
      '--url',
      urlOf('signalr'),
      'chat/connection',
      '-d',
      '{"target":"SendMessage","arguments":["ada","hello"]}',
      '-d',
      '{"target":"Fail","arguments":[]}',
      '--timeout',
      '1.5',
    ])
    const lines = ndjson(result.out) as { data: unknown; meta?: Record<string, unknown> }[]
    expect(lines).toContainEqual(
      expect.objectContaining({
        data: ['ada', 'hello'],
        meta: expect.objectContaining({ kind: 'invocation', target: 'ReceiveMessage' }),
      }),
    )
    const failed = lines.find((line) => line.meta?.['kind'] === 'completion' && line.meta['error'] !== undefined)
    expect(failed?.meta).toMatchObject({
      invocationId: expect.any(String),
      error: expect.stringContaining('This method always fails'),
    })
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/invocation \S+ failed: .*This method always fails/)
  })

  it('opens a SignalR connection without -d and prints the broadcasts until --timeout', async () => {
    const listening = cli(['call', '--url', urlOf('signalr'), 'chat/connection', '--timeout', '3'])
    // Another client speaks once the listener had time to connect.
    await new Promise((done) => setTimeout(done, 1_500))
    const sent = await cli([
      'call',
      '--url',
      urlOf('signalr'),
      'chat/invoke',
      '-d',
      '{"target":"SendMessage","arguments":["grace","anyone there?"]}',
    ])
    expect(sent.code, sent.err).toBe(0)
    const result = await listening
    const lines = ndjson(result.out) as { data: unknown; meta?: Record<string, unknown> }[]
    expect(lines).toContainEqual(
      expect.objectContaining({
        data: ['grace', 'anyone there?'],
        meta: expect.objectContaining({ kind: 'invocation', target: 'ReceiveMessage' }),
      }),
    )
    expect(result.code, result.err).toBe(0)
  })

  it('answers usage errors with exit 2 and a one-line reason with a hint', async () => {
    const method = await cli(['call', '--url', urlOf('rest'), 'Books/nope'])
    expect(method.code).toBe(2)
    expect(method.err).toMatch(
      /^wirebench: Service "Books" has no method "nope"\.\n {2}Methods there: Books\/listBooks/,
    )
    const json = await cli(['call', '--url', urlOf('rest'), 'Books/getBook', '-d', '{bookId: 1}'])
    expect(json.code).toBe(2)
    expect(json.err).toMatch(/is not JSON/)
    expect((await cli(['call', '--url', urlOf('rest'), 'Books/getBook', '--no-such-flag'])).code).toBe(2)
    expect((await cli(['call', 'Books/getBook'])).code).toBe(2)
    const twoBodies = await cli(['call', '--url', urlOf('rest'), 'Books/getBook', '-d', '{}', '-d', '{}'])
    expect(twoBodies.code).toBe(2)
  })

  it(
    'exits 3 when nothing answers at the address, and 4 when a call runs out of time',
    { timeout: 60_000 },
    async () => {
      const closed = await closedPort()
      const nothing = await cli(['list', '--url', `http://127.0.0.1:${closed}/openapi.json`])
      expect(nothing.code).toBe(3)
      expect(nothing.err).toMatch(/^wirebench: No services found at/)
      const slow = await cli([
        'call',
        '--url',
        urlOf('graphql'),
        'Subscription/tick',
        '-d',
        '{"query":"subscription { tick(count: 5, every: 1000) { n } }"}',
        '--timeout',
        '1',
      ])
      expect(slow.code).toBe(4)
      expect(slow.err).toMatch(/--timeout/)
    },
  )

  it('bounds discovery with --timeout: an address that accepts and never answers ends list and call in time (exit 4)', async () => {
    for (const args of [
      ['call', '--url', `grpc@http://127.0.0.1:${silentPort}`, 'Lab/Echo', '--timeout', '1'],
      ['list', '--url', `http://127.0.0.1:${silentPort}/openapi.json`, '--timeout', '1'],
      ['describe', '--url', `http://127.0.0.1:${silentPort}`, 'Lab/Echo', '--timeout', '0.5'],
    ]) {
      const started = Date.now()
      const stalled = await cli(args)
      // Without the bound each plugin waits out the 15 s discovery default.
      expect(Date.now() - started, args.join(' ')).toBeLessThan(6_000)
      expect(stalled.code, stalled.err).toBe(4)
      expect(stalled.err).toMatch(/gave no answer within (1000|500) ms/)
      // The hint is the command line's: more time, not the page's "discover again".
      expect(stalled.err).toContain('give it more time with --timeout <seconds>')
      expect(stalled.err).not.toMatch(/discover again/)
    }
  })

  it('says on stderr which --url found nothing, once, while the command goes on with the others (exit 0)', async () => {
    const down = `http://127.0.0.1:${await closedPort()}/openapi.json`
    const listed = await cli(['list', '--url', urlOf('rest'), '--url', down])
    expect(listed.code, listed.err).toBe(0)
    expect(listed.out).toMatch(/^Books\/getBook +unary GET/m)
    const lines = listed.err.split('\n').filter((line) => line.includes(down))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^wirebench: http:\/\/127\.0\.0\.1:\d+\/openapi\.json was left out, nothing was discovered there \(rest, .*connection refused/,
    )
    expect(lines[0]).toMatch(/start the service, or check the host and port/)
    const called = await cli(['call', '--url', down, '--url', urlOf('rest'), 'Books/getBook', '-d', '{"bookId": 1}'])
    expect(called.code, called.err).toBe(0)
    expect(called.err.split('\n').filter((line) => line.includes(down))).toHaveLength(1)
    // An address that answered stays quiet.
    expect(called.err).not.toContain(urlOf('rest'))
  })

  it('takes -v on every command that discovers: describe prints each attempt that found nothing', async () => {
    const described = await cli(['describe', '-v', '--url', urlOf('rest'), 'Books/getBook'])
    expect(described.code, described.err).toBe(0)
    expect(described.out).toMatch(/^Books\/getBook +\(rest, Unary\)$/m)
    expect(described.err).toMatch(/^\* http:\/\/127\.0\.0\.1:\d+\/openapi\.json \(grpc, empty\): /m)
    const listed = await cli(['list', '--verbose', '--url', urlOf('rest')])
    expect(listed.err).toMatch(/^\* .* \(graphql, empty\): /m)
  })

  it('prints the status line and Location of a redirect the call does not follow, and exits 1', async () => {
    const moved = await cli(['call', '--url', redirecting.url, 'Moved/getOld'])
    expect(moved.code, moved.err).toBe(1)
    expect(moved.out).toBe('')
    expect(moved.err).toMatch(/^wirebench: HTTP 307 Temporary Redirect, Location: http:\/\/127\.0\.0\.1:\d+\/new$/m)
    expect(moved.err).toMatch(/Redirects are not followed/)
  })

  it('words hints for the command line: a missing path parameter goes in the -d JSON, not a form', async () => {
    const missing = await cli(['call', '--url', urlOf('rest'), 'Books/getBook', '-d', '{}'])
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/Fill in bookId \(marked path\) in the -d JSON/)
    expect(missing.err).not.toMatch(/form|JSON editor/)
  })
})
