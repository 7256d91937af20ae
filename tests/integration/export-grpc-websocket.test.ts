/**
 * Code export of gRPC and WebSocket calls. wscat (npm) and `wirebench call` snippets are run against a `ws` server
 * that records the upgrade and the frames, and must send what the workbench sends. grpcurl and websocat cannot be
 * installed here (no Debian package, no npm build without a download): their snippets are checked against the flag
 * grammar their documentation gives (grpcurl's README: `-plaintext`, `-H`, `-d`, `-import-path`, `-proto`, then
 * host:port and the fully-qualified method; websocat's `--help`: `-H 'Name: value'`, `--protocol`, the URL, one
 * message per stdin line), in a table test.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import type { DiscoverResponse, ExportRequest, ExportResponse, InvokeRequest } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { runSnippet } from '../servers/export/run-snippet.js'

const CANARY = 'canary-ws-3f1d9a'

interface Connection {
  url: string
  headers: IncomingHttpHeaders
  messages: string[]
  closed: Promise<void>
}

let lab: LabServer
let wss: WebSocketServer
let wsUrl: string
const connections: Connection[] = []
let wb: StandaloneServer
let base: string
let configDir: string
let wsService: string

const api = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
    body: JSON.stringify(body),
  })

async function exported(request: ExportRequest): Promise<ExportResponse> {
  const response = await api('/api/export', request)
  const body = (await response.json()) as ExportResponse
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body
}

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-export-g-'))
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => [...protocols][0] ?? false })
  wss.on('connection', (socket, request) => {
    let closed!: () => void
    const connection: Connection = {
      url: request.url ?? '',
      headers: request.headers,
      messages: [],
      closed: new Promise((resolve) => (closed = resolve)),
    }
    connections.push(connection)
    socket.on('message', (data) => {
      connection.messages.push((data as Buffer).toString('utf8'))
      // The workbench's unary exchange waits for a reply to each message.
      socket.send(`echo ${(data as Buffer).toString('utf8')}`)
    })
    socket.on('close', () => closed())
  })
  await new Promise<void>((resolve) => wss.once('listening', resolve))
  wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/chat?room=1`
  ;[lab, wb] = await Promise.all([
    startLabServer(),
    createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false }),
  ])
  base = await wb.listen()
  const response = await api('/api/discover', { urls: [wsUrl] })
  const discovered = (await response.json()) as DiscoverResponse
  wsService = discovered.services.find((s) => s.protocol === 'websocket')!.name
  await api('/api/discover', { urls: [`grpc@${lab.url}`] })
})

afterAll(async () => {
  await wb?.close()
  await lab?.close()
  for (const client of wss?.clients ?? []) client.terminate()
  await new Promise<void>((resolve) => wss?.close(() => resolve()))
  await rm(configDir, { recursive: true, force: true })
})

describe('WebSocket', () => {
  const request = (): InvokeRequest => ({
    protocol: 'websocket',
    url: wsUrl,
    service: wsService,
    method: 'connect',
    messages: [{ text: 'hello' }, { text: `token ${CANARY}` }],
    metadata: { Authorization: `Bearer ${CANARY}`, 'Sec-WebSocket-Protocol': 'chat.v1', 'x-room': 'blue' },
  })
  const variables = [{ name: 'TOKEN', value: CANARY, isSecret: true }]

  async function connectionOf(send: () => Promise<unknown>): Promise<Connection> {
    const before = connections.length
    await send()
    const connection = connections.at(-1)!
    expect(connections.length).toBeGreaterThan(before)
    await connection.closed
    return connection
  }

  it.each(['wscat', 'wirebench'] as const)(
    '%s opens the upgrade and sends the frames the workbench sends',
    async (format) => {
      const workbench = await connectionOf(() => api('/api/invoke', request()))
      const snippet = await exported({ ...request(), format, includeSecrets: true })
      const viaSnippet = await connectionOf(() =>
        // wirebench call keeps a connection open until --timeout (or Ctrl+C), as a terminal user would end it.
        runSnippet(
          format,
          format === 'wirebench' ? `${snippet.snippet} --timeout 2` : snippet.snippet,
          {},
          {
            WIREBENCH_HOME: configDir,
          },
        ),
      )
      expect(viaSnippet.url).toBe(workbench.url)
      expect(viaSnippet.messages).toEqual(workbench.messages)
      for (const name of ['authorization', 'sec-websocket-protocol', 'x-room']) {
        expect(viaSnippet.headers[name], name).toBe(workbench.headers[name])
      }
      const masked = await exported({ ...request(), format, variables })
      expect(masked.snippet).not.toContain(CANARY)
      expect(masked.snippet).toContain('${TOKEN}')
    },
  )

  it('writes websocat in its documented grammar', async () => {
    const { snippet } = await exported({ ...request(), format: 'websocat', variables })
    expect(snippet).toBe(
      [
        `printf '%s\\n' hello 'token \${TOKEN}' | websocat \\`,
        `  -H 'Authorization: Bearer \${TOKEN}' \\`,
        `  -H 'x-room: blue' \\`,
        `  --protocol chat.v1 \\`,
        `  '${wsUrl}'`,
      ].join('\n'),
    )
  })
})

describe('gRPC', () => {
  const request = (overrides: Partial<InvokeRequest> = {}): InvokeRequest => ({
    protocol: 'grpc',
    url: lab.url,
    service: 'wbtest.v1.Lab',
    method: 'Echo',
    messages: [{ text: "it's" }],
    metadata: { authorization: `Bearer ${CANARY}`, 'x-trace': 't1' },
    ...overrides,
  })
  const variables = [{ name: 'TOKEN', value: CANARY, isSecret: true }]

  it.each([
    {
      name: 'a reflected plaintext server: -plaintext, -H per metadata entry, -d, host:port and the full method',
      request: () => request(),
      expected: () =>
        [
          'grpcurl \\',
          '  -plaintext \\',
          "  -H 'authorization: Bearer ${TOKEN}' \\",
          "  -H 'x-trace: t1' \\",
          `  -d '{"text":"it'\\''s"}' \\`,
          `  ${new URL(lab.url).host} \\`,
          '  wbtest.v1.Lab/Echo',
        ].join('\n'),
    },
  ])('grpcurl: $name', async ({ request: build, expected }) => {
    const { snippet, language } = await exported({ ...build(), format: 'grpcurl', variables })
    expect(language).toBe('shell')
    expect(snippet).toBe(expected())
  })

  it('refuses HTTP formats for gRPC, naming grpcurl and wirebench', async () => {
    const response = await api('/api/export', { ...request(), format: 'curl' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { hint: string }).hint).toContain('grpcurl, wirebench')
  })

  it('runs the wirebench call snippet against the gRPC server', async () => {
    const { snippet } = await exported({ ...request(), format: 'wirebench', includeSecrets: true })
    const { stdout } = await runSnippet('wirebench', snippet, {}, { WIREBENCH_HOME: configDir })
    const viaWorkbench = await (await api('/api/invoke', request())).json()
    expect(JSON.parse(stdout)).toEqual((viaWorkbench as { response: unknown }).response)
  })
})
