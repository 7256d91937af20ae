/**
 * Keys of a call message that fit no field, against json-server 0.17 (it stores whatever JSON it is given and filters
 * lists by any query key, so a dropped body or a dropped filter shows in its answers). Its description gives the
 * create body as an external `$ref`, which discovery never fetches: the body's shape is unknown.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { workbench } from '@wirebench/server'
import { failure } from '../support/workbench-failure.js'
import { testContext } from '../servers/rest/call-context.js'
import { startJsonServer } from '../servers/rest/json-server-described.js'
import type { JsonServer } from '../servers/rest/json-server-described.js'

const ok = { '200': { description: 'ok' }, '201': { description: 'created' } }

const description = (origin: string) => ({
  openapi: '3.0.3',
  info: { title: 'json-server posts', version: '1' },
  servers: [{ url: origin }],
  paths: {
    '/posts': {
      get: {
        operationId: 'listPosts',
        tags: ['posts'],
        parameters: [
          { name: 'title', in: 'query', schema: { type: 'string' } },
          { name: 'author', in: 'query', schema: { type: 'string' } },
        ],
        responses: ok,
      },
      post: {
        operationId: 'createPost',
        tags: ['posts'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: 'https://schemas.example.com/post.json#/Post' } } },
        },
        responses: ok,
      },
    },
    '/posts/{id}': {
      put: {
        operationId: 'replaceTitle',
        tags: ['posts'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
        responses: ok,
      },
    },
  },
})

let json: JsonServer
let plugin: ProtocolPlugin

beforeAll(async () => {
  json = await startJsonServer({ posts: [{ id: 1, title: 'first', author: 'ann' }] }, description)
  plugin = createRestPlugin()
  await plugin.discover({ kind: 'url', url: json.docUrl }, testContext())
})

afterAll(async () => {
  await plugin?.dispose?.()
  await json?.close()
})

const call = (method: string, message: Record<string, unknown>) =>
  plugin.invoke({ target: json.docUrl, service: 'posts', method, messages: [message] }, testContext())

describe('a body whose schema is an external $ref', () => {
  it('sends the keys of the message as the JSON body, and json-server stores them', async () => {
    const result = await call('createPost', { title: 'hello', author: 'bob' })
    expect(result.metadata.http_status).toBe('201')
    expect(json.received.at(-1)).toEqual({
      method: 'POST',
      url: '/posts',
      contentType: 'application/json',
      body: { title: 'hello', author: 'bob' },
    })
    expect(result.response).toEqual({ id: 2, title: 'hello', author: 'bob' })
  })
})

describe('keys that fit no field', () => {
  it('refuses a misspelt query parameter of a GET, naming it, and sends nothing', async () => {
    const before = json.received.length
    const error = await failure(call('listPosts', { titel: 'first' }))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toBe('listPosts has no field "titel", and a GET request has no body: nothing was sent.')
    expect(error.hint).toBe('Check the spelling. Its fields are title (query), author (query).')
    expect(json.received).toHaveLength(before)
  })

  it('refuses keys a text body cannot hold, and sends nothing', async () => {
    const before = json.received.length
    const error = await failure(call('replaceTitle', { id: 1, body: 'new', title: 'x', tags: [] }))
    expect(error.message).toBe(
      'replaceTitle has no fields "title", "tags", and its body cannot hold them: nothing was sent.',
    )
    expect(error.details).toEqual({ fields: ['title', 'tags'] })
    expect(json.received).toHaveLength(before)
  })

  it('filters by the parameters that are spelt right', async () => {
    const result = await call('listPosts', { title: 'first' })
    expect(result.response).toEqual([{ id: 1, title: 'first', author: 'ann' }])
  })
})

describe('through the workbench route', () => {
  const token = 'j'.repeat(64)
  const headers = { host: 'localhost:5080', 'x-workbench-token': token }
  let app: FastifyInstance
  let configDir: string
  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-json-server-'))
    app = Fastify({ logger: false })
    await app.register(workbench, { configDir, uiDir: null, token, mode: 'standalone' })
    await app.ready()
    const res = await app.inject({ method: 'POST', url: '/api/discover', headers, payload: { urls: [json.docUrl] } })
    expect(res.statusCode).toBe(200)
  })
  afterAll(async () => {
    await app?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('answers a misspelt key with a 400 problem naming it', async () => {
    const before = json.received.length
    const payload = {
      protocol: 'rest',
      url: json.docUrl,
      service: 'posts',
      method: 'listPosts',
      messages: [{ autor: 'ann' }],
    }
    const res = await app.inject({ method: 'POST', url: '/api/invoke', headers, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ detail: expect.stringContaining('no field "autor"') as unknown })
    expect(json.received).toHaveLength(before)
  })
})
