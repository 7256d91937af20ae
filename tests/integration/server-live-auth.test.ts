/**
 * The live WebSocket's upgrade passes the same gates as every route, over real sockets with the real `ws` client:
 * the session token from `Sec-WebSocket-Protocol`, Host and Origin checks, refusals as HTTP answers before any
 * WebSocket frame; `--no-token` mode; a prefixed mount inside a host application.
 */
import { request as httpRequest } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import WebSocket, { WebSocketServer } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX } from '@wirebench/core'
import { createStandaloneServer, workbench } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { createLiveFixture } from '../servers/live/fixture-plugin.js'
import { connectLive, isOp, liveUrl, refusedStatus } from '../servers/live/live-client.js'

const dirs: string[] = []
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-live-auth-'))
  dirs.push(dir)
  return dir
}

/** The raw answer to an upgrade request: status and headers, read before any WebSocket frame could follow. */
function rawUpgrade(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url.replace(/^ws/, 'http'), {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    })
    req.once('upgrade', (res, socket) => {
      socket.destroy()
      resolve({ status: res.statusCode ?? 0, headers: res.headers })
    })
    req.once('response', (res) => {
      res.resume()
      resolve({ status: res.statusCode ?? 0, headers: res.headers })
    })
    req.once('error', reject)
    req.end()
  })
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('live socket gates (standalone, token on)', () => {
  let wb: StandaloneServer
  let base: string
  let url: string
  beforeAll(async () => {
    wb = await createStandaloneServer({
      port: 0,
      configDir: await tempDir(),
      uiDir: null,
      logLevel: false,
      plugins: [createLiveFixture().plugin],
    })
    base = await wb.listen()
    url = liveUrl(base)
  })
  afterAll(async () => {
    await wb.close()
  })

  it('accepts the token as a subprotocol entry and answers with the live protocol only', async () => {
    const token = wb.token!
    const answer = await rawUpgrade(url, {
      'sec-websocket-protocol': `${LIVE_PROTOCOL}, ${LIVE_TOKEN_PROTOCOL_PREFIX}${token}`,
    })
    expect(answer.status).toBe(101)
    expect(answer.headers['sec-websocket-protocol']).toBe(LIVE_PROTOCOL)
    expect(JSON.stringify(answer.headers)).not.toContain(token)
    const client = await connectLive(url, { token })
    client.send({
      op: 'stream.open',
      id: 'a',
      protocol: 'fixture',
      url: 'f',
      service: 'S',
      method: 'count',
      messages: [{ n: 1 }],
    })
    expect((await client.waitFor(isOp('closed', 'a'))).problem).toBeUndefined()
    await client.close()
  })

  it('refuses an upgrade without the token, or with a wrong one, with 401 before any frame', async () => {
    expect(await refusedStatus(url, { token: null })).toBe(401)
    expect(await refusedStatus(url, { token: 'f'.repeat(64) })).toBe(401)
    expect(await refusedStatus(url, { token: wb.token!.slice(1) })).toBe(401)
    const answer = await rawUpgrade(url, { 'sec-websocket-protocol': LIVE_PROTOCOL })
    expect(answer.status).toBe(401)
    expect(answer.headers['content-type']).toContain('application/problem+json')
  })

  it('does not take the token from the URL', async () => {
    expect(await refusedStatus(`${url}?token=${wb.token!}`, { token: null })).toBe(401)
  })

  it('refuses a foreign Origin and a cross-site fetch with 403, even with the right token', async () => {
    expect(await refusedStatus(url, { token: wb.token, origin: 'http://evil.example' })).toBe(403)
    expect(await refusedStatus(url, { token: wb.token, headers: { 'sec-fetch-site': 'cross-site' } })).toBe(403)
    // The page's own origin passes.
    const client = await connectLive(url, { token: wb.token, origin: base })
    await client.close()
  })

  it('refuses a rebinding Host with 403', async () => {
    const answer = await rawUpgrade(url, {
      host: 'rebind.evil.example',
      'sec-websocket-protocol': `${LIVE_PROTOCOL}, ${LIVE_TOKEN_PROTOCOL_PREFIX}${wb.token!}`,
    })
    expect(answer.status).toBe(403)
  })

  it('answers a plain GET of the endpoint with a problem, and an upgrade elsewhere with 404', async () => {
    const plain = await fetch(`${base}/api/ws`, { headers: { 'x-workbench-token': wb.token! } })
    expect(plain.status).toBe(426)
    expect(await plain.json()).toMatchObject({ code: 'invalid_request' })
    expect(await refusedStatus(`${liveUrl(base).replace('/api/ws', '/api/other')}`, { token: wb.token })).toBe(404)
  })
})

describe('live socket with --no-token', () => {
  it('connects without any token entry', async () => {
    const wb = await createStandaloneServer({
      port: 0,
      configDir: await tempDir(),
      uiDir: null,
      logLevel: false,
      token: null,
      plugins: [createLiveFixture().plugin],
    })
    const url = liveUrl(await wb.listen())
    const client = await connectLive(url, { token: null })
    expect(client.socket.protocol).toBe(LIVE_PROTOCOL)
    client.send({
      op: 'stream.open',
      id: 'a',
      protocol: 'fixture',
      url: 'f',
      service: 'S',
      method: 'count',
      messages: [{ n: 3 }],
    })
    expect((await client.waitFor(isOp('closed', 'a'))).problem).toBeUndefined()
    expect(client.frames('a')).toHaveLength(5)
    await client.close()
    await wb.close()
  })
})

describe('live socket mounted under a prefix in a host app', () => {
  let host: FastifyInstance
  let base: string
  let hostSocketOpened = false
  const token = 'b'.repeat(64)
  beforeAll(async () => {
    host = Fastify({ logger: false })
    await host.register(workbench, {
      prefix: '/workbench',
      configDir: await tempDir(),
      uiDir: null,
      token,
      plugins: [createLiveFixture().plugin],
    })
    await host.listen({ host: '127.0.0.1', port: 0 })
    const { port } = host.server.address() as { port: number }
    base = `http://127.0.0.1:${port}`
    // The host's own WebSocket endpoint on the same server keeps working next to the workbench's.
    const hostWss = new WebSocketServer({ noServer: true })
    host.server.on('upgrade', (request, socket, head) => {
      if (request.url !== '/host-ws') return
      hostWss.handleUpgrade(request, socket, head, (ws) => {
        hostSocketOpened = true
        ws.close()
      })
    })
  })
  afterAll(async () => {
    await host.close()
  })

  it('serves the live socket at {prefix}/api/ws', async () => {
    const client = await connectLive(liveUrl(base, '/workbench'), { token })
    client.send({
      op: 'stream.open',
      id: 'p',
      protocol: 'fixture',
      url: 'f',
      service: 'S',
      method: 'count',
      messages: [{ n: 2 }],
    })
    expect((await client.waitFor(isOp('closed', 'p'))).problem).toBeUndefined()
    await client.close()
    expect(await refusedStatus(liveUrl(base, '/workbench'), { token: null })).toBe(401)
  })

  it('leaves upgrades of other paths to the host', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/host-ws`)
    await new Promise<void>((resolve, reject) => {
      ws.once('close', () => resolve())
      ws.once('error', reject)
    })
    expect(hostSocketOpened).toBe(true)
  })
})
