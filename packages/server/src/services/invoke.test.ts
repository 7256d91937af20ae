import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WorkbenchError, silentLogger } from '@wirebench/core'
import type { InvokeRequest } from '@wirebench/core'
import { createDispatcherFactory } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeService } from './invoke.js'
import { createRestInvoker } from './rest-invoker.test-helpers.js'

/** A plain node:http service that documents one operation, as the relay benchmark's target does. */
function startTarget(): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json')
    if (req.url === '/openapi.json') {
      const { port } = server.address() as AddressInfo
      res.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'pets', version: '1' },
          servers: [{ url: `http://127.0.0.1:${port}` }],
          paths: {
            '/pet': { get: { tags: ['pets'], operationId: 'getPet', responses: { 200: { description: 'a pet' } } } },
          },
        }),
      )
      return
    }
    res.end(JSON.stringify({ id: 7, name: 'Rex' }))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

describe('the invoke service with the lazily loaded REST plugin', () => {
  let target: Server
  let docUrl: string
  let dispatchers: DispatcherFactory
  let acquired = 0
  let invoker: InvokeService

  beforeAll(async () => {
    target = await startTarget()
    docUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/openapi.json`
    const real = createDispatcherFactory()
    // The real factory, counting the calls that reach it: a call is on its way to the wire once it has a dispatcher.
    dispatchers = {
      cookieJars: real.cookieJars,
      acquire(markers) {
        acquired += 1
        return real.acquire(markers)
      },
      close: () => real.close(),
    }
    const built = await createRestInvoker(dispatchers, docUrl)
    invoker = built.invoker
    expect(built.services.map((s) => s.name)).toEqual(['pets'])
  })

  afterAll(async () => {
    await dispatchers.close()
    await new Promise((resolve) => target.close(resolve))
  })

  const request = (overrides: Partial<InvokeRequest> = {}): InvokeRequest => ({
    protocol: 'rest',
    url: docUrl,
    service: 'pets',
    method: 'getPet',
    messages: [{}],
    ...overrides,
  })

  it('hands a call to a discovered target to the transport before invoke() returns, with no await in between', async () => {
    const before = acquired
    const pending = invoker.invoke({ request: request(), logger: silentLogger })
    // Every `async` layer between the route and the wire (lazy plugin, document lookup, preparation, deadline) would
    // leave this at `before` until later ticks; each costs a promise and its ticks on every relayed call.
    expect(acquired).toBe(before + 1)
    const result = await pending
    expect(result.status).toBe('OK')
    expect(result.response).toEqual({ id: 7, name: 'Rex' })
  })

  it('still rejects (never throws) with a WorkbenchError for an unknown operation and for an unsendable header', async () => {
    const unknown = invoker.invoke({ request: request({ method: 'nope' }), logger: silentLogger })
    await expect(unknown).rejects.toBeInstanceOf(WorkbenchError)
    await expect(unknown).rejects.toMatchObject({ code: 'not_found' })
    const badHeader = invoker.invoke({ request: request({ metadata: { 'x-a': 'b\r\nc' } }), logger: silentLogger })
    await expect(badHeader).rejects.toMatchObject({ code: 'invalid_request' })
    const noPlugin = invoker.invoke({ request: request({ protocol: 'nope' }), logger: silentLogger })
    await expect(noPlugin).rejects.toMatchObject({ code: 'no_plugin' })
  })
})
