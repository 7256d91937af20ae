/** Discovery and calls against a real Fastify app that documents itself with @fastify/swagger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'
import { startFastifyApp } from '../servers/rest/fastify-app.js'
import type { FastifyFixture } from '../servers/rest/fastify-app.js'

let fixture: FastifyFixture
let plugin: ProtocolPlugin
let services: ServiceInfo[]

function method(name: string): MethodInfo {
  const found = services.flatMap((s) => s.methods).find((m) => m.name === name)
  if (!found) throw new Error(`no method ${name}`)
  return found
}

function serviceOf(name: string): string {
  const found = services.find((s) => s.methods.some((m) => m.name === name))
  if (!found) throw new Error(`no service for ${name}`)
  return found.name
}

async function call(name: string, message: Record<string, unknown>, metadata: Record<string, string> = {}) {
  const before = fixture.received.length
  const result = await plugin.invoke(
    { target: fixture.jsonUrl, service: serviceOf(name), method: name, messages: [message] },
    testContext({ metadata }),
  )
  return { result, received: fixture.received[before] }
}

beforeAll(async () => {
  fixture = await startFastifyApp()
  plugin = createRestPlugin()
  services = await plugin.discover({ kind: 'url', url: fixture.jsonUrl }, testContext())
})

afterAll(async () => {
  await plugin?.dispose?.()
  await fixture?.close()
})

describe('REST plugin against a self-documenting Fastify app', () => {
  it('discovers services by tag with origin, base URL and method details', () => {
    expect(services.map((s) => s.name).sort()).toEqual(['files', 'misc', 'pets'])
    const pets = services.find((s) => s.name === 'pets')
    expect(pets).toMatchObject({
      source: 'openapi',
      originUrl: fixture.jsonUrl,
      baseUrl: fixture.origin,
      isUploaded: false,
      protocol: 'rest',
      description: 'Pet routes',
      version: '1.2.3',
    })
    const getPet = method('getPet')
    expect(getPet).toMatchObject({
      httpMethod: 'GET',
      httpPath: '/pets/{id}',
      summary: 'Get one pet',
      methodType: 'Unary',
      deprecated: false,
    })
    expect(getPet.inputType.fields.map((f) => [f.name, f.source])).toEqual([
      ['tags', 'query'],
      ['limit', 'query'],
      ['id', 'path'],
      ['x-trace', 'header'],
    ])
    expect(method('delete_pets_id').deprecated).toBe(true)
    expect(method('upload').multipart).toBe('multipart/form-data')
    expect(method('updateForm').multipart).toBe('application/x-www-form-urlencoded')
    const create = method('createPet')
    expect(create.inputType.fields.find((f) => f.name === 'owner')?.messageType?.fields.map((f) => f.name)).toEqual([
      'name',
      'emails',
    ])
    expect(create.outputType.fields.map((f) => f.name)).toEqual(['name', 'age', 'owner'])
  })

  it('reads the same routes from the YAML document', async () => {
    const yamlServices = await plugin.discover({ kind: 'url', url: fixture.yamlUrl }, testContext())
    const names = (list: ServiceInfo[]) => list.flatMap((s) => s.methods.map((m) => `${s.name}.${m.name}`)).sort()
    expect(names(yamlServices)).toEqual(names(services))
  })

  it('sends path, repeated query and header parameters', async () => {
    const { result, received } = await call(
      'getPet',
      { id: 'a b/1', tags: ['x', 'y'], limit: 5, 'x-trace': 'abc' },
      { 'x-user': 'u' },
    )
    expect(received?.url).toBe('/pets/a%20b%2F1?tags=x&tags=y&limit=5')
    expect(received?.params).toEqual({ id: 'a b/1' })
    expect(received?.query).toEqual({ tags: ['x', 'y'], limit: 5 })
    expect(received?.headers).toMatchObject({ 'x-trace': 'abc', 'x-user': 'u' })
    expect(result).toMatchObject({
      status: 'OK',
      metadata: { http_status: '200' },
      contentType: expect.stringContaining('application/json'),
    })
    expect(result.durationMs).toBeGreaterThan(0)
    expect(result.sizeBytes).toBeGreaterThan(0)
  })

  it('sends a nested JSON body with Content-Type application/json', async () => {
    const pet = { name: 'Rex', age: 3, owner: { name: 'Ann', emails: ['a@x.test'] } }
    const { result, received } = await call('createPet', pet)
    expect(received?.headers['content-type']).toBe('application/json')
    expect(received?.body).toEqual(pet)
    expect(result).toMatchObject({ status: 'OK', response: pet, metadata: { http_status: '201' } })
  })

  it('sends no body for DELETE, and refuses keys that would have to go in one', async () => {
    const { result, received } = await call('delete_pets_id', { id: '7' })
    expect(received?.method).toBe('DELETE')
    expect(received?.headers['content-length']).toBeUndefined()
    expect(result).toMatchObject({ status: 'OK', metadata: { http_status: '204' }, response: '' })
    await expect(call('delete_pets_id', { id: '7', name: 'ignored' })).rejects.toThrow(
      'delete_pets_id has no field "name", and a DELETE request has no body: nothing was sent.',
    )
  })

  it('sends multipart bodies with file parts and an automatic boundary', async () => {
    const data = Buffer.from('file contents').toString('base64')
    const { result, received } = await call('upload', { file: { filename: 'notes.txt', data }, note: 'hello' })
    expect(String(received?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/)
    expect(received?.body).toEqual({
      file: { filename: 'notes.txt', data: 'file contents', mimetype: 'application/octet-stream' },
      note: 'hello',
    })
    expect(result.status).toBe('OK')
  })

  it('sends urlencoded bodies with repeated array values', async () => {
    const { received } = await call('updateForm', { id: '9', name: 'Rex & co', tags: ['a', 'b'] })
    expect(received?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(received?.body).toEqual({ name: 'Rex & co', tags: ['a', 'b'] })
  })

  it('returns upstream 4xx as a result with the HTTP status kept', async () => {
    const { result } = await call('teapot', {})
    expect(result).toMatchObject({
      status: 'FailedPrecondition',
      metadata: { http_status: '418' },
      response: { error: 'I am a teapot' },
    })
  })

  it('returns binary bodies as base64 and cuts bodies over the limit', async () => {
    const ctx = testContext({ limits: { maxResponseBytes: 100 } })
    const small = await plugin.invoke(
      { target: fixture.jsonUrl, service: 'misc', method: 'bytes', messages: [{ n: 3 }] },
      ctx,
    )
    expect(small.responseBinary).toBe(Buffer.alloc(3, 7).toString('base64'))
    const big = await plugin.invoke(
      { target: fixture.jsonUrl, service: 'misc', method: 'bytes', messages: [{ n: 100_000 }] },
      ctx,
    )
    expect(big).toMatchObject({ truncated: true, sizeBytes: 100 })
  })

  it('appends the API-key query marker on the wire only', async () => {
    const marker = JSON.stringify({ name: 'api_key', value: 's3cr=t' })
    const { received } = await call('getPet', { id: '1', limit: 2 }, { __workbenchApiKeyQuery__: marker })
    expect(received?.url).toBe('/pets/1?limit=2&api_key=s3cr%3Dt')
    expect(JSON.stringify(received?.headers)).not.toContain('workbench')
  })

  it('lets call.serverUrl override the discovered base URL', async () => {
    const before = fixture.received.length
    await plugin.invoke(
      {
        target: fixture.jsonUrl,
        serverUrl: `${fixture.origin}/`,
        service: 'pets',
        method: 'getPet',
        messages: [{ id: 'z' }],
      },
      testContext(),
    )
    expect(fixture.received[before]?.url).toBe('/pets/z')
  })

  it('fetches and parses a URL target it has not seen before invoking', async () => {
    const fresh = createRestPlugin()
    try {
      const result = await fresh.invoke(
        { target: fixture.jsonUrl, service: 'pets', method: 'getPet', messages: [{ id: 'q' }] },
        testContext(),
      )
      expect(result.status).toBe('OK')
      fresh.forget?.(fixture.jsonUrl)
    } finally {
      await fresh.dispose?.()
    }
  })

  it('says no services were discovered for an HTML page and a 404', async () => {
    await expect(plugin.discover({ kind: 'url', url: `${fixture.origin}/page` }, testContext())).rejects.toMatchObject({
      code: 'no_services',
      message: `No services discovered at ${fixture.origin}/page: the response is an HTML page, not an OpenAPI document.`,
    })
    await expect(
      plugin.discover({ kind: 'url', url: `${fixture.origin}/missing.json` }, testContext()),
    ).rejects.toMatchObject({
      code: 'no_services',
      message: expect.stringContaining('HTTP 404 Not Found'),
    })
  })
})
