/**
 * The plugin mounted the way its header shows (`app.register(workbench, { prefix, configDir })`, no mode) is
 * embedded: it refuses to mount under NODE_ENV=production without the host's consent, and it does not reach private
 * or loopback targets. Only the standalone server runs with the standalone defaults.
 */
import { rm } from 'node:fs/promises'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStandaloneServer } from './standalone.js'
import { makeTempDir, TEST_TOKEN } from './test-support/harness.test-helpers.js'
import { startTarget, type Target } from './test-support/target.test-helpers.js'
import { workbench } from './workbench.js'

const headers = { host: 'localhost:5080', 'x-workbench-token': TEST_TOKEN }

describe('the workbench plugin mounted without a mode', () => {
  let target: Target
  let requests: number
  let configDir: string
  let app: FastifyInstance

  beforeAll(async () => {
    target = await startTarget('loopback')
    configDir = await makeTempDir('mount')
    app = Fastify({ logger: false })
    await app.register(workbench, { prefix: '/workbench', configDir, uiDir: null, token: TEST_TOKEN })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await target.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('refuses a loopback target before any request reaches it', async () => {
    // The spy: the target counts what it receives through its own access hook.
    requests = 0
    const spy = Fastify({ logger: false })
    spy.addHook('onRequest', (_request, _reply, done) => {
      requests += 1
      done()
    })
    spy.get('/openapi.json', () => ({ openapi: '3.0.3', info: { title: 'spy', version: '1' }, paths: {} }))
    await spy.listen({ host: '127.0.0.1', port: 0 })
    try {
      const { port } = spy.server.address() as { port: number }
      const res = await app.inject({
        method: 'POST',
        url: '/workbench/api/discover',
        headers,
        payload: { urls: [`http://127.0.0.1:${port}/openapi.json`] },
      })
      expect(res.statusCode).toBe(200)
      const { attempts } = res.json<{ attempts: { outcome: string; message?: string }[] }>()
      expect(attempts.length).toBeGreaterThan(0)
      for (const attempt of attempts) {
        expect(attempt.outcome).toBe('error')
        expect(attempt.message).toMatch(/private or loopback/)
      }
      const invoke = await app.inject({
        method: 'POST',
        url: '/workbench/api/invoke',
        headers,
        payload: { protocol: 'rest', url: target.docUrl, service: 'ident', method: 'whoami', messages: [{}] },
      })
      expect(invoke.statusCode).toBe(403)
      expect(invoke.json()).toMatchObject({ code: 'blocked_target' })
      expect(requests).toBe(0)
    } finally {
      await spy.close()
    }
  })

  it('refuses to mount under NODE_ENV=production without allowInProduction and an authorize hook', async () => {
    const previous = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    const host = Fastify({ logger: false })
    try {
      await expect(host.register(workbench, { prefix: '/workbench', configDir, uiDir: null }).ready()).rejects.toThrow(
        /allowInProduction/,
      )
    } finally {
      process.env.NODE_ENV = previous
      await host.close().catch(() => undefined)
    }
  })

  it('leaves the standalone server its own defaults: it reaches loopback targets', async () => {
    const dir = await makeTempDir('standalone')
    const server = await createStandaloneServer({ port: 0, configDir: dir, uiDir: null, logLevel: false })
    try {
      const base = await server.listen()
      const res = await fetch(`${base}/api/discover`, {
        method: 'POST',
        headers: { 'x-workbench-token': server.token ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({ urls: [target.docUrl] }),
      })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { services: unknown[] }).services.length).toBeGreaterThan(0)
    } finally {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
