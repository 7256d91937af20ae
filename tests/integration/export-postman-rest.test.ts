/**
 * A workspace's REST requests exported as a Postman v2.1 collection (`POST /api/workspaces/:id/exports`) against a
 * Fastify app documented by @fastify/swagger: the collection, imported back, gives plain HTTP requests that reach the
 * app exactly as the saved REST requests do (method, path, query, headers, JSON and form bodies), `${var}`
 * references travel as `{{var}}`, and what has no Postman form (a gRPC request) is named in the report header.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_REPORT_HEADER, WORKSPACE_FILE_VERSION } from '@wirebench/core'
import type { ImportPreview, ImportReportItem, InvokeRequest, SavedRequest } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startFastifyApp } from '../servers/rest/fastify-app.js'
import type { FastifyFixture, Received } from '../servers/rest/fastify-app.js'

let fixture: FastifyFixture
let wb: StandaloneServer
let base: string
let configDir: string

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const vars = { petId: 'p-42' }

function rest(name: string, service: string, method: string, message: object, metadata?: object): SavedRequest {
  return {
    version: WORKSPACE_FILE_VERSION,
    name,
    protocol: 'rest',
    url: fixture.jsonUrl,
    service,
    method,
    messages: [message],
    ...(metadata ? { metadata: metadata as Record<string, string> } : {}),
  }
}

function saved(): Record<string, SavedRequest> {
  return {
    'pets/get-pet': rest(
      'get-pet',
      'pets',
      'getPet',
      { id: '${petId}', tags: ['a b', 'c'], limit: 5, 'x-trace': 't-1' },
      { 'X-Extra': 'extra' },
    ),
    'pets/create-pet': rest('create-pet', 'pets', 'createPet', { name: 'Rex', age: 3, owner: { name: 'Ann' } }),
    'pets/rename-form': rest('rename-form', 'pets', 'updateForm', { id: '7', name: 'Tom & Jerry', tags: ['x', 'y'] }),
    'rpc/say': {
      version: WORKSPACE_FILE_VERSION,
      name: 'say',
      protocol: 'grpc',
      url: 'http://127.0.0.1:1',
      service: 'greet.Greeter',
      method: 'SayHello',
      messages: [{ name: 'x' }],
    },
  }
}

/** `${name}` filled from `vars`, as the send gate does before a call. */
function filled(text: string): string {
  return text.replace(/\$\{(\w+)\}/g, (_whole, name: string) => vars[name as keyof typeof vars] ?? '')
}

async function received(request: InvokeRequest): Promise<Received> {
  const before = fixture.received.length
  const res = await call('POST', '/api/invoke', request)
  expect(res.status, await res.clone().text()).toBe(200)
  expect(fixture.received.length).toBe(before + 1)
  return fixture.received.at(-1)!
}

const viaRest = (request: SavedRequest) =>
  received({
    protocol: 'rest',
    url: request.url,
    service: request.service,
    method: request.method,
    messages: JSON.parse(filled(JSON.stringify(request.messages))) as unknown[],
    metadata: request.metadata ?? {},
  })

const viaHttp = (request: SavedRequest) =>
  received({
    protocol: 'http',
    url: filled(request.url),
    service: request.service,
    method: request.method,
    messages: request.messages,
    metadata: request.metadata ?? {},
  })

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-export-postman-'))
  ;[fixture, wb] = await Promise.all([
    startFastifyApp(),
    createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false }),
  ])
  base = await wb.listen()
  for (const [path, request] of Object.entries(saved())) {
    const res = await call('PUT', `/api/workspaces/default/requests/${path}`, { request })
    expect(res.status, await res.clone().text()).toBe(200)
  }
})

afterAll(async () => {
  await wb?.close()
  await fixture?.close()
  await rm(configDir, { recursive: true, force: true })
})

describe('Postman export of REST requests', () => {
  let collection: { item: unknown[] }
  let report: ImportReportItem[]
  let imported: ImportPreview

  beforeAll(async () => {
    const res = await call('POST', '/api/workspaces/default/exports', { format: 'postman' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/\.postman_collection\.json"$/)
    report = JSON.parse(decodeURIComponent(res.headers.get(EXPORT_REPORT_HEADER) ?? '')) as ImportReportItem[]
    collection = (await res.json()) as { item: unknown[] }
    const preview = await call('POST', '/api/import/preview', {
      format: 'postman',
      content: JSON.stringify(collection),
    })
    expect(preview.status).toBe(200)
    imported = (await preview.json()) as ImportPreview
  })

  it('writes every REST request, with a path variable as {{petId}}, and reports the gRPC one as left out', () => {
    expect(imported.requests.map((entry) => `${entry.folder}/${entry.request.name}`).sort()).toEqual([
      'pets/create-pet',
      'pets/get-pet',
      'pets/rename-form',
    ])
    expect(JSON.stringify(collection)).toContain(`${new URL(fixture.origin).host}/pets/{{petId}}`)
    expect(report).toEqual([{ source: 'rpc/say', message: expect.stringContaining('grpc') as string }])
  })

  it('imports back to requests the app receives exactly as it receives the saved REST requests', async () => {
    const original = saved()
    expect(imported.requests).toHaveLength(3)
    for (const entry of imported.requests) {
      const path = `${entry.folder}/${entry.request.name}`
      const expected = await viaRest(original[path]!)
      const actual = await viaHttp(entry.request)
      expect(actual.method, path).toBe(expected.method)
      expect(actual.url.split('?')[0], path).toBe(expected.url.split('?')[0])
      expect(actual.query, path).toEqual(expected.query)
      expect(actual.body, path).toEqual(expected.body)
      for (const name of ['content-type', 'x-trace', 'x-extra']) {
        expect(actual.headers[name], `${path}: header ${name}`).toEqual(expected.headers[name])
      }
    }
  })

  it('a GET export sends nothing anywhere and names the REST requests it could not write', async () => {
    const res = await call('GET', '/api/workspaces/default/export?format=postman')
    expect(res.status).toBe(200)
    const left = JSON.parse(decodeURIComponent(res.headers.get(EXPORT_REPORT_HEADER) ?? '')) as ImportReportItem[]
    expect(left.map((item) => item.source).sort()).toEqual([
      'pets/create-pet',
      'pets/get-pet',
      'pets/rename-form',
      'rpc/say',
    ])
    expect(left[0]?.message).toContain('POST /api/workspaces/<id>/exports')
  })
})
