import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { createDispatcherFactory } from './dispatchers.js'
import { httpRequest } from './http-request.js'
import { createPhaseTimer } from './timing/phase-timer.js'

let port = 0
const server = createServer((request, response) => {
  if (request.url?.startsWith('/endless')) {
    // An event stream that never ends: reading its body to the end would never finish.
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    const timer = setInterval(() => response.write('data: tick\n\n'), 10)
    response.on('close', () => clearInterval(timer))
    return
  }
  if (request.url?.startsWith('/slow')) {
    setTimeout(() => response.end('late'), 2_000)
    return
  }
  if (request.url?.startsWith('/hints')) {
    response.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' })
    response.writeHead(200, { 'content-type': 'text/plain' }).end('after hints')
    return
  }
  if (request.url?.startsWith('/proto')) {
    response.setHeader('__proto__', 'p')
    response.setHeader('x-multi', ['a', 'b'])
    response.end('{}')
    return
  }
  if (request.url?.startsWith('/echo/')) {
    response.writeHead(200, { 'content-type': 'text/plain' }).end(request.url)
    return
  }
  response.writeHead(200, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] }).end('hello world')
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('httpRequest over the guarded dispatcher', () => {
  it('reads status, lower-case headers, body, size and duration', async () => {
    const factory = createDispatcherFactory()
    const { dispatcher } = factory.acquire({})
    const response = await httpRequest({
      url: `http://127.0.0.1:${port}/`,
      method: 'GET',
      dispatcher,
      maxResponseBytes: 5,
    })
    expect(response).toMatchObject({ status: 200, statusMessage: 'OK', sizeBytes: 5, truncated: true })
    expect(response.body.toString()).toBe('hello')
    expect(response.headers['x-multi']).toBe('a, b')
    expect(response.durationMs).toBeGreaterThan(0)
    await factory.close()
  })

  it('keeps a __proto__ response header as a plain entry, and joins a repeated one', async () => {
    const factory = createDispatcherFactory()
    const { dispatcher } = factory.acquire({})
    const response = await httpRequest({
      url: `http://127.0.0.1:${port}/proto`,
      method: 'GET',
      dispatcher,
      maxResponseBytes: 1024,
    })
    expect(Object.hasOwn(response.headers, '__proto__')).toBe(true)
    expect(Object.getOwnPropertyDescriptor(response.headers, '__proto__')?.value).toBe('p')
    expect(response.headers['x-multi']).toBe('a, b')
    expect(JSON.parse(JSON.stringify(response.headers))).toMatchObject({ 'x-multi': 'a, b' })
    expect(JSON.stringify(response.headers)).toContain('"__proto__":"p"')
    await factory.close()
  })

  it('hands the status and headers to inspectHeaders before the body, and its error ends the request unread', async () => {
    const factory = createDispatcherFactory()
    const { dispatcher } = factory.acquire({})
    const seen: unknown[] = []
    const error = await httpRequest({
      url: `http://127.0.0.1:${port}/endless`,
      method: 'GET',
      dispatcher,
      maxResponseBytes: 1 << 30,
      inspectHeaders(head) {
        seen.push(head)
        throw new WorkbenchError('no_services', 'an event stream')
      },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkbenchError)
    expect((error as WorkbenchError).code).toBe('no_services')
    expect(seen).toEqual([expect.objectContaining({ status: 200, statusMessage: 'OK' })])
    expect((seen[0] as { headers: Record<string, string> }).headers['content-type']).toBe('text/event-stream')
    await factory.close()
  })

  it('refuses at connect time a name that resolves to a forbidden address', async () => {
    // The URL check happens in the plugin; this proves the Agent itself resolves through the guarded lookup.
    const factory = createDispatcherFactory({ outbound: { blockPrivate: true } })
    const { dispatcher } = factory.acquire({})
    const error: unknown = await httpRequest({
      url: `http://localhost:${port}/`,
      method: 'GET',
      dispatcher,
      maxResponseBytes: 100,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'blocked_target', message: expect.stringContaining('private address') })
    await factory.close()
  })

  it('names the display URL, not the wire URL, when the deadline passes', async () => {
    const factory = createDispatcherFactory()
    const { dispatcher } = factory.acquire({})
    const error: unknown = await httpRequest({
      url: `http://127.0.0.1:${port}/slow?key=secret`,
      displayUrl: `http://127.0.0.1:${port}/slow`,
      method: 'GET',
      dispatcher,
      maxResponseBytes: 100,
      timeoutMs: 100,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'timeout',
      message: `http://127.0.0.1:${port}/slow did not answer in time after 100 ms.`,
    })
    await factory.close()
  })

  it('gives each of many concurrent requests its own head and timings', async () => {
    const factory = createDispatcherFactory()
    const { dispatcher } = factory.acquire({})
    const calls = Array.from({ length: 40 }, async (_, i) => {
      const timer = createPhaseTimer()
      const response = await httpRequest({
        url: `http://127.0.0.1:${port}/echo/${i}?n=${i}`,
        method: 'GET',
        headers: { 'x-call': String(i) },
        dispatcher,
        maxResponseBytes: 1000,
        timer,
      })
      return { i, body: response.body.toString(), head: timer.rawHead, timings: timer.timings() }
    })
    for (const { i, body, head, timings } of await Promise.all(calls)) {
      expect(body).toBe(`/echo/${i}?n=${i}`)
      expect(head).toMatch(new RegExp(`^GET /echo/${i}\\?n=${i} HTTP/1.1\r\n`))
      expect(head).toContain(`x-call: ${i}\r\n`)
      expect(timings.firstByteMs).toBeGreaterThanOrEqual(0)
      expect(timings.totalMs).toBeGreaterThanOrEqual(timings.firstByteMs ?? 0)
    }
    await factory.close()
  })

  it('reads the final answer after informational ones (103 Early Hints)', async () => {
    const factory = createDispatcherFactory()
    const { dispatcher } = factory.acquire({})
    const response = await httpRequest({
      url: `http://127.0.0.1:${port}/hints`,
      method: 'GET',
      dispatcher,
      maxResponseBytes: 1000,
    })
    expect(response).toMatchObject({ status: 200, truncated: false })
    expect(response.body.toString()).toBe('after hints')
    await factory.close()
  })

  it('gives up at once on a cancelled call still waiting for a connection', async () => {
    // One connection, held by a slow answer: the second call waits in undici's queue when it is cancelled.
    const dispatcher = new Agent({ connections: 1 })
    const slow = httpRequest({ url: `http://127.0.0.1:${port}/slow`, method: 'GET', dispatcher, maxResponseBytes: 100 })
    const controller = new AbortController()
    const queued = httpRequest({
      url: `http://127.0.0.1:${port}/`,
      method: 'GET',
      dispatcher,
      maxResponseBytes: 100,
      signal: controller.signal,
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    // "At once" as an order, not a time: the cancelled call ends while the slow one still holds the connection (2 s),
    // where a call that waited for the connection would end only after it.
    let isSlowSettled = false
    const markSettled = () => {
      isSlowSettled = true
    }
    void slow.then(markSettled, markSettled)
    controller.abort()
    const error: unknown = await queued.catch((e: unknown) => e)
    expect(isSlowSettled).toBe(false)
    expect(error).toMatchObject({ code: 'cancelled' })
    await dispatcher.destroy()
  })

  it('refuses a client certificate it cannot apply yet instead of sending without it', () => {
    const factory = createDispatcherFactory()
    expect(() => factory.acquire({ mtls: { certificate: 'c', privateKey: 'k' } })).toThrow(/mTLS/)
  })
})
