/**
 * The server's benchmark call over the real invoke service and REST plugin against a node:http target: the run's
 * signal gets one abort listener whatever the number of calls, Stop still cancels every call in flight (the target
 * sees each request go away), and `${uuid}` is fresh on every call.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WorkbenchError, silentLogger } from '@wirebench/core'
import type { BenchStartRequest } from '@wirebench/core'
import { createDispatcherFactory } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeService } from '../invoke.js'
import { createRestInvoker } from '../rest-invoker.test-helpers.js'
import { createServerBenchCall } from './bench-call.js'

let target: Server
let docUrl = ''
let dispatchers: DispatcherFactory
let invoker: InvokeService
/** Query strings the target saw on `/pet`, and the `/slow` requests it holds open (never answered). */
const seen: string[] = []
const held: IncomingMessage[] = []

beforeAll(async () => {
  target = createServer((req, res) => {
    res.setHeader('content-type', 'application/json')
    if (req.url === '/openapi.json') {
      const { port } = target.address() as AddressInfo
      const get = (operationId: string) => ({
        get: {
          tags: ['pets'],
          operationId,
          parameters: [{ name: 'tag', in: 'query', schema: { type: 'string' } }],
          responses: { 200: { description: 'ok' } },
        },
      })
      return void res.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'pets', version: '1' },
          servers: [{ url: `http://127.0.0.1:${port}` }],
          paths: { '/pet': get('getPet'), '/slow': get('slow') },
        }),
      )
    }
    if (req.url?.startsWith('/slow')) return void held.push(req)
    seen.push(new URL(req.url ?? '/', 'http://x').searchParams.get('tag') ?? '')
    res.end('{"id":7}')
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  docUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/openapi.json`
  dispatchers = createDispatcherFactory()
  ;({ invoker } = await createRestInvoker(dispatchers, docUrl))
})

afterAll(async () => {
  await dispatchers.close()
  target.closeAllConnections()
  await new Promise((resolve) => target.close(resolve))
})

const start = (method: string, tag: string): BenchStartRequest => ({
  call: { protocol: 'rest', url: docUrl, service: 'pets', method, messages: [{ tag }] },
  settings: { mode: 'closed', calls: 1, concurrency: 1 },
})

describe("the server's benchmark call", () => {
  it('listens on the run signal once, however many calls the run makes', async () => {
    const call = createServerBenchCall(start('getPet', 'plain'), { invoker, logger: silentLogger })
    const run = new AbortController()
    let listeners = 0
    const add = run.signal.addEventListener.bind(run.signal)
    run.signal.addEventListener = (...args: Parameters<AbortSignal['addEventListener']>) => {
      listeners += 1
      add(...args)
    }
    for (let i = 0; i < 40; i += 1) expect(await call(run.signal)).toEqual({ ok: true, status: '200' })
    expect(listeners).toBe(1)
    expect(seen.filter((tag) => tag === 'plain')).toHaveLength(40)
  })

  it('cancels every call in flight when the run stops, and the target sees each request go away', async () => {
    const call = createServerBenchCall(start('slow', 'x'), { invoker, logger: silentLogger })
    const run = new AbortController()
    const calls = [call(run.signal), call(run.signal), call(run.signal)]
    await expect.poll(() => held.length).toBe(3)
    const gone = held.map((req) => new Promise((resolve) => req.socket.once('close', resolve)))
    run.abort(new WorkbenchError('cancelled', 'The benchmark was stopped.'))
    for (const outcome of await Promise.allSettled(calls)) {
      expect(outcome.status).toBe('rejected')
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'cancelled' })
    }
    await Promise.all(gone)
    // A call made after the stop is refused at once, without reaching the target.
    await expect(call(run.signal)).rejects.toMatchObject({ code: 'cancelled' })
    expect(held).toHaveLength(3)
  })

  it('substitutes ${uuid} afresh for every call', async () => {
    const call = createServerBenchCall(start('getPet', 'id-${uuid}'), { invoker, logger: silentLogger })
    const run = new AbortController()
    for (let i = 0; i < 5; i += 1) await call(run.signal)
    const tags = seen.filter((tag) => tag.startsWith('id-'))
    expect(tags).toHaveLength(5)
    expect(new Set(tags).size).toBe(5)
    expect(tags.every((tag) => /^id-[0-9a-f-]{36}$/.test(tag))).toBe(true)
  })
})
