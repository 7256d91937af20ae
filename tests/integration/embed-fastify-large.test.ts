/**
 * Embedded mode in a Fastify host with more routes than are worth describing on the page's first load: discovery
 * lists every route without its messages (`deferred`), each method is built when it is opened (`GET /api/method`)
 * from the route table in memory, with the fields its schemas declare, and calls still reach the handlers in process.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DiscoverResponse, InvokeResult, MethodDescriptionResponse } from '@wirebench/core'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const token = 'embedded-large-host-token-0123456789abcdef0123456789abcd'
const routeCount = 1_200

describe(`a Fastify host with ${routeCount} routes`, () => {
  let configDir: string
  let app: FastifyInstance
  let origin: string

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-embed-large-'))
    app = Fastify()
    await app.register(wirebench, { prefix: '/workbench', configDir, token, uiDir: null, announce: false })
    // The host's own request validation is beside the point: compiling its validators would take most of the test.
    app.setValidatorCompiler(() => () => true)
    for (let i = 0; i < routeCount; i++) {
      app.post(
        `/area${i % 10}/items${i}/:id`,
        {
          schema: {
            tags: [`area${i % 10}`],
            operationId: `op${i}`,
            params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
            querystring: { type: 'object', properties: { page: { type: 'integer' } } },
            body: {
              type: 'object',
              required: ['name'],
              properties: {
                name: { type: 'string' },
                owner: { type: 'object', properties: { id: { type: 'string' } } },
              },
            },
          },
        },
        (request) => ({ route: i, params: request.params, query: request.query, body: request.body }),
      )
    }
    await app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await app?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await app.inject({
      method,
      url: `/workbench${path}`,
      headers: { 'content-type': 'application/json', 'x-workbench-token': token, host: '127.0.0.1' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  it('lists every route without its messages, and builds a method with its fields when it is opened', async () => {
    const answer = await api<DiscoverResponse>('POST', '/api/discover', { urls: [origin] })
    const methods = answer.services.flatMap((s) => s.methods)
    expect(methods).toHaveLength(routeCount)
    expect(methods.every((m) => m.deferred === true && m.inputType.fields.length === 0)).toBe(true)
    const query = new URLSearchParams({ protocol: 'rest', url: origin, service: 'area7', method: 'op457' })
    const { method } = await api<MethodDescriptionResponse>('GET', `/api/method?${query.toString()}`)
    expect(method.deferred).toBeUndefined()
    expect(method.httpPath).toBe('/area7/items457/{id}')
    expect(method.inputType.fields.map((f) => [f.name, f.source, f.required])).toEqual([
      ['id', 'path', true],
      ['page', 'query', false],
      ['name', 'body', true],
      ['owner', 'body', false],
    ])
  })

  it('calls a deferred method: the host handler gets its path, query and body', async () => {
    await api('POST', '/api/discover', { urls: [origin] })
    const result = await api<InvokeResult>('POST', '/api/invoke', {
      protocol: 'rest',
      url: origin,
      service: 'area3',
      method: 'op1003',
      messages: [{ id: 'x1', page: 2, name: 'n', owner: { id: 'o' } }],
    })
    expect(result.response).toEqual({
      route: 1003,
      params: { id: 'x1' },
      query: { page: '2' },
      body: { name: 'n', owner: { id: 'o' } },
    })
  })
})
