/**
 * A host behind a TLS-terminating proxy: the page is served from `https://app.example.test` (an admitted host, the
 * host trusting its proxy), so that is the discovery URL the UI starts with. It must be read as the host's own origin:
 * its routes from the route table with no HTTP request (the name does not even resolve here), and Fastify calls to it
 * in process.
 */
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { wirebench } from '@wirebench/embed'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExpressHost } from '../servers/embed/express-host.js'
import type { ExpressHost } from '../servers/embed/express-host.js'
import { proxiedPost, useConfigDir } from './support/embed-host.js'

const token = 'embedded-proxy-token-0123456789abcdef0123456789abcdef'
const publicOrigin = 'https://app.example.test'
const configDir = useConfigDir('proxy')

/** A workbench API call as the proxy forwards it. */
async function throughProxy<T>(origin: string, path: string, body: unknown): Promise<{ status: number; body: T }> {
  const answer = await proxiedPost(origin, path, JSON.stringify(body), { token })
  return { status: answer.status, body: JSON.parse(answer.body) as T }
}

describe('a Fastify host behind its proxy', () => {
  let app: FastifyInstance
  let origin: string

  beforeAll(async () => {
    app = Fastify({ trustProxy: true })
    await app.register(wirebench, {
      prefix: '/workbench',
      configDir: configDir(),
      token,
      uiDir: null,
      announce: false,
      allowedHosts: ['app.example.test'],
    })
    app.get('/orders/:id', { schema: { tags: ['orders'], operationId: 'getOrder' } }, (request) =>
      Promise.resolve({ params: request.params, host: request.headers.host }),
    )
    origin = await app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await app.close()
  })

  it("discovers the page's public origin from the route table and calls it in process", async () => {
    const found = await throughProxy<DiscoverResponse>(origin, '/api/discover', { urls: [publicOrigin] })
    expect(found.status).toBe(200)
    expect(found.body.services.map((s) => [s.name, s.source, s.methods.map((m) => m.name)])).toEqual([
      ['orders', 'embedded', ['getOrder']],
    ])
    const called = await throughProxy<InvokeResult>(origin, '/api/invoke', {
      protocol: 'rest',
      url: publicOrigin,
      service: 'orders',
      method: 'getOrder',
      messages: [{ id: '7' }],
    })
    expect([called.body.status, called.body.response]).toEqual([
      'OK',
      { params: { id: '7' }, host: 'app.example.test' },
    ])
  })
})

describe('an Express host behind its proxy', () => {
  let host: ExpressHost

  beforeAll(async () => {
    host = await startExpressHost(express5 as never, {
      configDir: configDir(),
      token,
      allowedHosts: ['app.example.test'],
      extend: (app) => void (app['set'] as (name: string, value: unknown) => void).call(app, 'trust proxy', true),
    })
  })
  afterAll(async () => {
    await host.close()
  })

  it("discovers the page's public origin from the router stack, with no request to it", async () => {
    const found = await throughProxy<DiscoverResponse>(host.origin, '/api/discover', { urls: [publicOrigin] })
    expect(found.status).toBe(200)
    expect(found.body.services.every((s) => s.source === 'embedded')).toBe(true)
    expect(found.body.services.flatMap((s) => s.methods.map((m) => m.httpPath))).toContain('/books')
    expect(found.body.attempts?.filter((a) => a.outcome === 'error')).toEqual([])
  })
})
