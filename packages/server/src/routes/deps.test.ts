import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientGone } from './deps.js'

describe('clientGone', () => {
  let app: FastifyInstance
  let port = 0
  const heard: string[] = []
  let closeListenersAfterAnswer = -1
  let resolveGone: () => void = () => undefined

  beforeAll(async () => {
    app = Fastify({ logger: false })
    // Never answers: waits for the client to leave, with two listeners of which one unsubscribes.
    app.get('/wait', (_request, reply) => {
      const gone = clientGone(reply)
      gone.onCancel(() => {
        heard.push('first')
        resolveGone()
      })
      const stop = gone.onCancel(() => heard.push('second'))
      stop()
      return new Promise(() => undefined)
    })
    app.get('/answer', (_request, reply) => {
      const before = reply.raw.listenerCount('close')
      const stop = clientGone(reply).onCancel(() => heard.push('answered'))
      stop()
      closeListenersAfterAnswer = reply.raw.listenerCount('close') - before
      return { ok: true }
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    port = (app.server.address() as AddressInfo).port
  })

  afterAll(async () => {
    await app.close()
  })

  it('tells the listeners still registered, once, when the client leaves before the answer', async () => {
    const gone = new Promise<void>((resolve) => (resolveGone = resolve))
    const req = httpRequest({ host: '127.0.0.1', port, path: '/wait' })
    req.on('error', () => undefined)
    req.end()
    await new Promise((resolve) => setTimeout(resolve, 100))
    req.destroy()
    await gone
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(heard).toEqual(['first'])
  })

  it('leaves no close listener behind once its last listener unsubscribes, and says nothing after an answer', async () => {
    heard.length = 0
    const res = await app.inject({ url: '/answer' })
    expect(res.json()).toEqual({ ok: true })
    expect(closeListenersAfterAnswer).toBe(0)
    expect(heard).toEqual([])
  })
})
