/**
 * Headers no transport can send (a line break, a bad name, a character outside Latin-1) are the user's input: every
 * route answers 400 naming the header before any plugin runs, and a spy target proves nothing left the workbench. The
 * same calls with a good header reach the spy, so the spy would have seen a request that got through.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiveServerMessage, Problem, ProtocolsResponse } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { connectLive, liveUrl } from '../servers/live/live-client.js'

const badHeaders: Array<[string, Record<string, string>, RegExp]> = [
  ['a CRLF in a value', { 'x-note': 'a\r\nInjected: 1' }, /header x-note contains a line break/],
  ['a bare LF in a value', { 'x-note': 'a\nb' }, /header x-note contains a line break/],
  ['a name with a colon', { 'x-bad:name': 'v' }, /header name "x-bad:name" is not valid/],
  ['a character outside Latin-1', { 'x-price': '5 €' }, /header x-price contains the character U\+20AC/],
]

let spy: Server
let origin: string
const seen: IncomingMessage[] = []
let wb: StandaloneServer
let base: string
let configDir: string

function startSpy(): Promise<void> {
  spy = createServer((request, response) => {
    seen.push(request)
    const path = new URL(request.url ?? '/', 'http://spy').pathname
    if (path === '/openapi.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'spy', version: '1' },
          servers: [{ url: origin }],
          paths: {
            '/echo': { get: { operationId: 'echo', tags: ['Spy'], responses: { 200: { description: 'ok' } } } },
            '/traced': {
              get: {
                operationId: 'traced',
                tags: ['Spy'],
                parameters: [{ name: 'x-trace', in: 'header', schema: { type: 'string' } }],
                responses: { 200: { description: 'ok' } },
              },
            },
          },
        }),
      )
      return
    }
    if (path === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: one\n\n')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  // WebSocket upgrades count too; the handshake is refused (the spy only watches).
  spy.on('upgrade', (request: IncomingMessage, socket) => {
    seen.push(request)
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n')
  })
  return new Promise((resolve) => spy.listen(0, '127.0.0.1', resolve))
}

beforeAll(async () => {
  await startSpy()
  origin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`
  configDir = await mkdtemp(join(tmpdir(), 'wb-headers-'))
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
  base = await wb.listen()
})
afterAll(async () => {
  await wb.close()
  spy.closeAllConnections()
  await new Promise((resolve) => spy.close(resolve))
  await rm(configDir, { recursive: true, force: true })
})

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-workbench-token': wb.token ?? '', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

async function refusal(response: Response, detail: RegExp): Promise<void> {
  expect(response.status).toBe(400)
  const problem = (await response.json()) as Problem
  expect(problem.code).toBe('invalid_request')
  expect(problem.detail).toMatch(detail)
}

describe('headers no transport can send', () => {
  it('are refused by /api/invoke with 400 naming the header, for every protocol, with nothing sent', async () => {
    const discovered = await post('/api/discover', { urls: [`rest@${origin}/openapi.json`] })
    expect(discovered.status).toBe(200)
    const call = { protocol: 'rest', url: `${origin}/openapi.json`, service: 'Spy', method: 'echo', messages: [{}] }
    const before = seen.length
    expect((await post('/api/invoke', { ...call, metadata: { 'x-note': 'fine' } })).status).toBe(200)
    expect(seen.length).toBe(before + 1)

    const protocols = (await (
      await fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': wb.token ?? '' } })
    ).json()) as ProtocolsResponse
    const ids = protocols.protocols.map((p) => p.id)
    expect(ids).toEqual(
      expect.arrayContaining(['rest', 'grpc', 'grpcweb', 'connect', 'graphql', 'sse', 'websocket', 'signalr']),
    )
    const sent = seen.length
    for (const [, metadata, detail] of badHeaders) {
      for (const protocol of ids) {
        const url = protocol === 'websocket' ? origin.replace('http', 'ws') : `${origin}/openapi.json`
        await refusal(await post('/api/invoke', { ...call, protocol, url, metadata }), detail)
      }
    }
    expect(seen.length).toBe(sent)
  })

  it('are refused by /api/discover with one 400, before any plugin probes the URL', async () => {
    const before = seen.length
    for (const [, metadata, detail] of badHeaders) {
      await refusal(
        await post('/api/discover', { urls: [`${origin}/openapi.json`, `${origin}/events`], metadata }),
        detail,
      )
    }
    expect(seen.length).toBe(before)
  })

  it('end a live stream or channel with a 400 problem before it opens, with nothing sent', async () => {
    const client = await connectLive(liveUrl(base), { token: wb.token })
    try {
      const stream = {
        protocol: 'sse',
        url: `${origin}/events`,
        service: 'events',
        method: 'subscribe',
        messages: [{}],
      }
      const channel = {
        protocol: 'websocket',
        url: `${origin.replace('http', 'ws')}/chat`,
        service: 'chat',
        method: 'connect',
      }
      const closedProblem = async (id: string) => {
        const closed = await client.waitFor((m: LiveServerMessage) => m.op === 'closed' && 'id' in m && m.id === id)
        return closed.op === 'closed' ? closed.problem : undefined
      }
      // With a good header each reaches the spy.
      let before = seen.length
      client.send({ op: 'stream.open', id: 'good-stream', ...stream, metadata: { 'x-note': 'fine' } })
      await closedProblem('good-stream')
      client.send({ op: 'channel.open', id: 'good-channel', ...channel, metadata: { 'x-note': 'fine' } })
      await closedProblem('good-channel')
      expect(seen.length).toBeGreaterThanOrEqual(before + 2)

      before = seen.length
      for (const [label, metadata, detail] of badHeaders) {
        client.send({ op: 'stream.open', id: `s-${label}`, ...stream, metadata })
        client.send({ op: 'channel.open', id: `c-${label}`, ...channel, metadata })
        for (const id of [`s-${label}`, `c-${label}`]) {
          const problem = await closedProblem(id)
          expect(problem, id).toMatchObject({ status: 400, code: 'invalid_request' })
          expect(problem?.detail, id).toMatch(detail)
        }
      }
      expect(seen.length).toBe(before)
    } finally {
      await client.close()
    }
  })

  it('built by a plugin from message fields are refused with 400 naming the header: REST header parameters and SSE Last-Event-ID', async () => {
    const rest = { protocol: 'rest', url: `${origin}/openapi.json`, service: 'Spy', method: 'traced' }
    const sse = { protocol: 'sse', url: `${origin}/events`, service: 'events', method: 'subscribe' }
    expect((await post('/api/discover', { urls: [`rest@${origin}/openapi.json`] })).status).toBe(200)
    // Good values reach the spy.
    let before = seen.length
    expect((await post('/api/invoke', { ...rest, messages: [{ 'x-trace': 'fine' }] })).status).toBe(200)
    expect((await post('/api/invoke', { ...sse, messages: [{ lastEventId: '7' }] })).status).toBe(200)
    expect(seen.length).toBe(before + 2)
    expect(seen.at(-1)?.headers['last-event-id']).toBe('7')

    before = seen.length
    for (const value of ['a\r\nInjected: 1', 'a\nb']) {
      await refusal(
        await post('/api/invoke', { ...rest, messages: [{ 'x-trace': value }] }),
        /header x-trace contains a line break/,
      )
      await refusal(
        await post('/api/invoke', { ...sse, messages: [{ lastEventId: value }] }),
        /header last-event-id contains a line break/i,
      )
    }
    expect(seen.length).toBe(before)

    const client = await connectLive(liveUrl(base), { token: wb.token })
    try {
      client.send({ op: 'stream.open', id: 'crlf-sse', ...sse, messages: [{ lastEventId: 'a\r\nX-Injected: 1' }] })
      const closed = await client.waitFor(
        (m: LiveServerMessage) => m.op === 'closed' && 'id' in m && m.id === 'crlf-sse',
      )
      const problem = closed.op === 'closed' ? closed.problem : undefined
      expect(problem).toMatchObject({ status: 400, code: 'invalid_request' })
      expect(problem?.detail).toMatch(/header last-event-id contains a line break/i)
    } finally {
      await client.close()
    }
    expect(seen.length).toBe(before)
  })
})
