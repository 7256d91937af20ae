/**
 * A host behind a TLS-terminating proxy: the page is served from `https://app.example.test` (an admitted host, the
 * host trusting its proxy), so that is the discovery URL the UI starts with. It must be read as the host's own origin:
 * its routes from the route table with no HTTP request (the name does not even resolve here), and Fastify calls to it
 * in process.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { wirebench } from '@wirebench/embed'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExpressHost } from '../servers/embed/express-host.js'
import type { ExpressHost } from '../servers/embed/express-host.js'

const token = 'embedded-proxy-token-0123456789abcdef0123456789abcdef'
const publicOrigin = 'https://app.example.test'
let configDir: string

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-embed-proxy-'))
})
afterAll(async () => {
  await rm(configDir, { recursive: true, force: true })
})

/** A workbench API call as the proxy forwards it (node:http: fetch will not set Host). */
function throughProxy<T>(origin: string, path: string, body: unknown): Promise<{ status: number; body: T }> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: `/workbench${path}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-workbench-token': token,
          host: 'app.example.test',
          origin: publicOrigin,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.9',
        },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T }))
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

describe('a Fastify host behind its proxy', () => {
  let app: FastifyInstance
  let origin: string

  beforeAll(async () => {
    app = Fastify({ trustProxy: true })
    await app.register(wirebench, {
      prefix: '/workbench',
      configDir,
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
      configDir,
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
