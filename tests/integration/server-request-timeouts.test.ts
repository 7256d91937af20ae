/**
 * Request time limits of the standalone server over real sockets: a client trickling its headers or its body, or
 * sending a body after it was refused, loses its socket; a slow but steady client and a slow upstream call do not.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { Socket, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'

const timeouts = { headersMs: 1_000, requestMs: 3_000, bodyIdleMs: 600 }

let wb: StandaloneServer
let port: number
let configDir: string
let target: FastifyInstance
let targetOrigin: string

beforeAll(async () => {
  target = Fastify({ logger: false })
  target.get('/openapi.json', () => ({
    openapi: '3.0.3',
    info: { title: 'slow', version: '1' },
    servers: [{ url: targetOrigin }],
    paths: { '/slow': { get: { operationId: 'slow', tags: ['Slow'], responses: { 200: { description: 'late' } } } } },
  }))
  target.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    return { late: true }
  })
  targetOrigin = (await target.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1')
  configDir = await mkdtemp(join(tmpdir(), 'wb-timeouts-'))
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false, timeouts })
  port = Number(new URL(await wb.listen()).port)
})
afterAll(async () => {
  await wb.close()
  await target.close()
  await rm(configDir, { recursive: true, force: true })
})

interface Trickle {
  socket: Socket
  /** Everything the server wrote. */
  received(): string
  /** Resolves with the milliseconds from `started` to the server closing the socket. */
  closed: Promise<number>
  started: number
  stop(): void
}

/** Opens a socket, writes `head` at once, then one byte of `body` every `everyMs` until stopped or closed. */
function trickle(head: string, body: string, everyMs: number): Trickle {
  const socket = connect(port, '127.0.0.1')
  const started = Date.now()
  let text = ''
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
  socket.on('error', () => undefined)
  let index = 0
  const timer = setInterval(() => {
    if (socket.destroyed || index >= body.length) return
    socket.write(body[index++] ?? '')
  }, everyMs)
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer)
      resolve(Date.now() - started)
    }),
  )
  socket.write(head)
  return {
    socket,
    received: () => text,
    closed,
    started,
    stop: () => {
      clearInterval(timer)
      socket.destroy()
    },
  }
}

/** Resolves with the close time, or 'still open' once `ms` passed. */
async function closedWithin(t: Trickle, ms: number): Promise<number | 'still open'> {
  const timer = new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))
  const result = await Promise.race([t.closed, timer])
  if (result === 'still open') t.stop()
  return result
}

const body = JSON.stringify({ urls: ['http://127.0.0.1:9/openapi.json'] }).padEnd(400, ' ')
const head = (token: string | null, length = body.length) =>
  [
    'POST /api/discover HTTP/1.1',
    'Host: localhost',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...(token === null ? [] : [`X-Workbench-Token: ${token}`]),
    '',
    '',
  ].join('\r\n')

describe('standalone request time limits', () => {
  it('closes the connection after refusing a request whose body is still trickling in', async () => {
    // One byte every 200 ms never trips the idle limit: only the refusal can end it.
    const t = trickle(head(null), body, 200)
    const closedAfter = await closedWithin(t, 2_500)
    expect(t.received()).toMatch(/^HTTP\/1\.1 401 /)
    expect(t.received().toLowerCase()).toContain('connection: close')
    expect(closedAfter).not.toBe('still open')
    expect(closedAfter as number).toBeLessThan(1_500)
  })

  it('answers 408 and closes when a body sends nothing for longer than the idle limit', async () => {
    const t = trickle(head(wb.token), body, 2_000)
    const closedAfter = await closedWithin(t, 4_000)
    expect(closedAfter).not.toBe('still open')
    expect(t.received()).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfter as number).toBeLessThan(2_000)
  })

  it('answers 408 and closes when a steady trickle takes longer than the request limit', async () => {
    // Every 100 ms: never idle, but 400 bytes would take 40 s.
    const t = trickle(head(wb.token), body, 100)
    const closedAfter = await closedWithin(t, 6_000)
    expect(closedAfter).not.toBe('still open')
    expect(t.received()).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfter as number).toBeGreaterThanOrEqual(timeouts.requestMs - 100)
  })

  it('arms no body idle watch for a body that came with its headers', async () => {
    // The watch is a socket timer at the idle limit; a body already complete must not pay for one.
    const setTimeoutSpy = vi.spyOn(Socket.prototype, 'setTimeout')
    try {
      const socket = connect(port, '127.0.0.1')
      let text = ''
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
      const answered = new Promise<void>((resolve) => socket.on('data', () => text.includes('\r\n\r\n') && resolve()))
      // Head and body in one write, as HTTP clients send a small JSON body.
      socket.write(head(wb.token) + body)
      await answered
      socket.destroy()
      expect(text).toMatch(/^HTTP\/1\.1 200 /)
      const idleWatches = setTimeoutSpy.mock.calls.filter(([ms]) => ms === timeouts.bodyIdleMs)
      expect(idleWatches).toEqual([])
    } finally {
      setTimeoutSpy.mockRestore()
    }
  })

  it('closes a connection whose headers trickle in past the header limit', async () => {
    const t = trickle('GET /api/protocols HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: ' + 'a'.repeat(200), 100)
    const closedAfter = await closedWithin(t, 4_000)
    expect(closedAfter).not.toBe('still open')
    expect(t.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('serves a client that sends its body slowly but steadily, and a call whose upstream is slow', async () => {
    const small = JSON.stringify({ urls: ['http://127.0.0.1:9/'] })
    const steady = trickle(head(wb.token, small.length), small, 40)
    const closedAfter = await closedWithin(steady, small.length * 40 + 1_500)
    expect(steady.received()).toMatch(/^HTTP\/1\.1 200 /)
    // Still open: a kept-alive connection, closed by the test.
    expect(closedAfter).toBe('still open')

    const post = (path: string, payload: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'x-workbench-token': wb.token ?? '', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    expect((await post('/api/discover', { urls: [`rest@${targetOrigin}/openapi.json`] })).status).toBe(200)
    // The upstream answers after 1.5 s, longer than the body idle limit: the body was complete long before.
    const slow = await post('/api/invoke', {
      protocol: 'rest',
      url: `${targetOrigin}/openapi.json`,
      service: 'Slow',
      method: 'slow',
      messages: [{}],
    })
    expect(slow.status).toBe(200)
    expect(((await slow.json()) as { response: unknown }).response).toEqual({ late: true })
  })
})
