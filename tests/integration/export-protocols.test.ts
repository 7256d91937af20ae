/**
 * Code export of GraphQL operations and SSE subscriptions, each snippet run with its tool (curl, python3 requests and
 * httpx, node fetch, the built `wirebench call`) against graphql-yoga and an event-stream server behind a recording
 * proxy: the snippet's request must be the one the workbench sends (method, path, query, headers, body).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, ExportFormat, ExportRequest, ExportResponse, InvokeRequest } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'
import type { SequenceServer } from '../servers/sse/sequence-server.js'
import { startRecordingProxy } from '../servers/export/recording-proxy.js'
import type { RecordedRequest, RecordingProxy } from '../servers/export/recording-proxy.js'
import { detectHttpx, runSnippet, tools } from '../servers/export/run-snippet.js'

const CANARY = 'canary-5be0a2-graphql-token'

let yoga: YogaServer
let events: SequenceServer
let yogaProxy: RecordingProxy
let eventsProxy: RecordingProxy
let wb: StandaloneServer
let base: string
let configDir: string
let graphqlUrl: string
let sseUrl: string
let sseService: string

const api = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-export-p-'))
  ;[yoga, events, wb] = await Promise.all([
    startYogaServer(),
    startSequenceServer(),
    createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false }),
  ])
  ;[yogaProxy, eventsProxy] = await Promise.all([
    startRecordingProxy(new URL(yoga.url).origin),
    startRecordingProxy(events.origin),
  ])
  base = await wb.listen()
  graphqlUrl = `${yogaProxy.origin}${new URL(yoga.url).pathname}`
  sseUrl = `${eventsProxy.origin}/echo`
  const response = await api('/api/discover', { urls: [`graphql@${graphqlUrl}`, `sse@${sseUrl}`] })
  const discovered = (await response.json()) as DiscoverResponse
  expect(discovered.attempts.map((a) => a.outcome)).toEqual(['ok', 'ok'])
  sseService = discovered.services.find((s) => s.protocol === 'sse')!.name
  await detectHttpx()
})

afterAll(async () => {
  await wb?.close()
  await Promise.all([yogaProxy?.close(), eventsProxy?.close()])
  await Promise.all([yoga?.close(), events?.close()])
  await rm(configDir, { recursive: true, force: true })
})

async function exported(request: ExportRequest): Promise<ExportResponse> {
  const response = await api('/api/export', request)
  const body = (await response.json()) as ExportResponse
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body
}

async function recorded(proxy: RecordingProxy, send: () => Promise<unknown>): Promise<RecordedRequest> {
  const before = proxy.requests.length
  await send()
  // Discovery and introspection requests of the CLI go through the proxy too: the call is the last one.
  expect(proxy.requests.length).toBeGreaterThan(before)
  return proxy.requests.at(-1)!
}

const toolHeaders = new Set([
  'host',
  'connection',
  'content-length',
  'user-agent',
  'accept-encoding',
  'transfer-encoding',
  'accept-language',
  'sec-fetch-mode',
])

function expectSameRequest(snippet: RecordedRequest, workbench: RecordedRequest, format: ExportFormat): void {
  expect(snippet.method).toBe(workbench.method)
  expect(snippet.url).toBe(workbench.url)
  for (const [name, value] of Object.entries(workbench.headers)) {
    if (!toolHeaders.has(name)) expect(snippet.headers[name], `header ${name}`).toEqual(value)
  }
  // requests' `json=` re-serialises the JSON body; every other tool sends the bytes.
  if (format === 'python-requests') expect(JSON.parse(snippet.body)).toEqual(JSON.parse(workbench.body))
  else expect(snippet.body).toBe(workbench.body)
}

function runs(format: ExportFormat): boolean {
  if (format === 'python-httpx' && !tools.httpx) {
    console.warn('python3 has no httpx module: the httpx snippet is checked as text only.')
    return false
  }
  return true
}

describe('GraphQL', () => {
  const request = (): InvokeRequest => ({
    protocol: 'graphql',
    url: graphqlUrl,
    service: 'Query',
    method: 'hello',
    // Multi-line, as the page's operation builder writes it: the line breaks travel as JSON escapes in the body.
    messages: [
      {
        query: 'query Hi($name: String) {\n  hello(name: $name)\n}\n',
        variables: { name: "O'Brien" },
        operationName: 'Hi',
      },
    ],
    metadata: { Authorization: `Bearer ${CANARY}`, 'x-team': 'blue' },
  })
  const variables = [{ name: 'TOKEN', value: CANARY, isSecret: true }]

  it.each(['curl', 'python-requests', 'python-httpx', 'javascript-fetch', 'wirebench'] as const)(
    '%s sends the operation and variables as the workbench does',
    async (format) => {
      const workbench = await recorded(yogaProxy, () => api('/api/invoke', request()))
      const withSecrets = await exported({ ...request(), format, includeSecrets: true })
      if (runs(format)) {
        const run = () => runSnippet(format, withSecrets.snippet, {}, { WIREBENCH_HOME: configDir })
        expectSameRequest(await recorded(yogaProxy, run), workbench, format)
      }
      const masked = await exported({ ...request(), format, variables })
      expect(masked.snippet).not.toContain(CANARY)
      expect(masked.snippet).toContain('${TOKEN}')
    },
  )

  it('refuses a format GraphQL cannot write, naming those it can', async () => {
    const response = await api('/api/export', { ...request(), format: 'wscat' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { hint: string }).hint).toContain(
      'curl, python-requests, python-httpx, javascript-fetch, wirebench',
    )
  })
})

describe('SSE', () => {
  const request = (): InvokeRequest => ({
    protocol: 'sse',
    url: sseUrl,
    service: sseService,
    method: 'subscribe',
    messages: [{ method: 'POST', body: { topic: 'news', n: 1 }, lastEventId: '41' }],
    metadata: { 'x-api-key': CANARY },
  })

  it.each(['curl', 'javascript-fetch', 'wirebench'] as const)(
    '%s opens the stream the workbench opens',
    async (format) => {
      const workbench = await recorded(eventsProxy, () => api('/api/invoke', request()))
      const withSecrets = await exported({ ...request(), format, includeSecrets: true })
      const run = () => runSnippet(format, withSecrets.snippet, {}, { WIREBENCH_HOME: configDir })
      const snippet = await recorded(eventsProxy, run)
      expectSameRequest(snippet, workbench, format)
      const masked = await exported({
        ...request(),
        format,
        variables: [{ name: 'KEY', value: CANARY, isSecret: true }],
      })
      expect(masked.snippet).not.toContain(CANARY)
    },
  )

  it('reads the stream as it arrives: curl -N, fetch through the body reader', async () => {
    expect((await exported({ ...request(), format: 'curl' })).snippet).toMatch(/^curl -N /)
    expect((await exported({ ...request(), format: 'javascript-fetch' })).snippet).toContain(
      'response.body.getReader()',
    )
  })
})
