/**
 * Embedded mode in a NestJS app (`@nestjs/core` on `@nestjs/platform-express` and on `@nestjs/platform-fastify`, the
 * example in examples/embedded-nest): the workbench is mounted through the Express glue or registered as the Fastify
 * plugin, with the `@nestjs/swagger` document built in process (`openapi`), and the
 * host's routes appear with their Nest metadata — the controller's tag as the service, each `operationId` as the
 * name, the DTO's properties (nested ones too) as body fields — read without any HTTP request to the host; a call
 * reaches the Nest handler with its body and headers.
 *
 * Decorators are applied as functions in the example (plain JavaScript): Vitest compiles TypeScript with esbuild/oxc,
 * which do not emit `design:*` metadata, so the `design:paramtypes` Nest needs are written where TypeScript would.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DiscoverResponse, FieldInfo, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import type { INestApplication } from '@nestjs/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTaskApp } from '../../examples/embedded-nest/server.mjs'

const token = 'embedded-nest-token-0123456789abcdef0123456789abcdef01'

/** What the example's controller declares, written out by hand: `[tag, operationId, verb, path, fields]`. */
const declared = [
  ['tasks', 'listTasks', 'GET', '/tasks', ['done:query']],
  ['tasks', 'getTask', 'GET', '/tasks/{id}', ['id:path:required']],
  [
    'tasks',
    'createTask',
    'POST',
    '/tasks',
    [
      'authorization:header:required',
      'title:body:required',
      'priority:body',
      'assignee:body{name:body:required,email:body}',
    ],
  ],
] as const

function describeField(field: FieldInfo): string {
  const nested = field.messageType ? `{${field.messageType.fields.map(describeField).join(',')}}` : ''
  return `${field.name}:${field.source ?? 'body'}${field.required ? ':required' : ''}${nested}`
}

describe.each(['express', 'fastify'] as const)('a NestJS app (%s platform) with @nestjs/swagger', (platform) => {
  let configDir: string
  let app: INestApplication
  let origin: string
  const hostRequests: string[] = []

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-embed-nest-'))
    app = await createTaskApp({
      platform,
      workbench: { configDir, token, announce: false, uiDir: null, name: 'tasks' },
    })
    await app.listen(0, '127.0.0.1')
    const server = app.getHttpServer() as Server
    // Every request the host's server receives outside the workbench: discovery must send none (on Fastify, calls go
    // through inject() and never reach the server either).
    server.on('request', (request: { url?: string }) => {
      if (!request.url?.startsWith('/workbench/')) hostRequests.push(request.url ?? '')
    })
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await app?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  async function api<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${origin}/workbench${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': token },
      body: JSON.stringify(body),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as T
  }

  it('lists the routes with their Nest metadata: tag → service, operationId → name, DTO → body fields', async () => {
    const answer = await api<DiscoverResponse>('/api/discover', { urls: [origin] })
    const listed = answer.services.flatMap((s) =>
      s.methods.map((m) => [s.name, m.name, m.httpMethod, m.httpPath, m.inputType.fields.map(describeField)]),
    )
    expect(listed.sort()).toEqual(declared.map((row) => [...row.slice(0, 4), [...row[4]]]).sort())
    expect(answer.services.every((s) => s.source === 'embedded')).toBe(true)
    const create = answer.services[0]?.methods.find((m) => m.name === 'createTask')
    expect(create?.summary).toBe('Add a task')
    expect(hostRequests).toEqual([])
  })

  it('calls the Nest handler with the body and headers', async () => {
    await api('/api/discover', { urls: [origin] })
    const result = await api<InvokeResult>('/api/invoke', {
      protocol: 'rest',
      url: origin,
      service: 'tasks',
      method: 'createTask',
      messages: [{ authorization: 'Bearer t-1', title: 'Sweep', priority: 3, assignee: { name: 'Ada' } }],
    })
    expect(result.status).toBe('OK')
    expect(result.metadata['http_status']).toBe('201')
    expect(result.response).toMatchObject({
      task: { title: 'Sweep', priority: 3, assignee: { name: 'Ada' } },
      authorization: 'Bearer t-1',
    })
  })
})
