/**
 * A Fastify app documenting its own routes with @fastify/swagger (OpenAPI 3). Every route echoes what it received,
 * and the app records it, so tests can check path, query, header, body and multipart handling on the far side.
 */
import Fastify from 'fastify'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'

export interface Received {
  method: string
  url: string
  headers: Record<string, unknown>
  params: unknown
  query: unknown
  body: unknown
  /** A JSON body's bytes as they arrived (UTF-8): a parsed body hides spacing, key order and escapes. */
  rawJson?: string
}

export interface FastifyFixture {
  app: FastifyInstance
  origin: string
  /** JSON and YAML document URLs. */
  jsonUrl: string
  yamlUrl: string
  received: Received[]
  close(): Promise<void>
}

const pet = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', description: 'Pet name' },
    age: { type: 'integer' },
    owner: {
      type: 'object',
      properties: { name: { type: 'string' }, emails: { type: 'array', items: { type: 'string' } } },
    },
  },
} as const

const rawJsonOf = new WeakMap<object, string>()

function record(received: Received[], request: FastifyRequest, body: unknown = request.body): Received {
  const rawJson = rawJsonOf.get(request.raw)
  const entry = {
    ...(rawJson === undefined ? {} : { rawJson }),
    method: request.method,
    url: request.url,
    headers: request.headers,
    params: request.params,
    query: request.query,
    body,
  }
  received.push(entry)
  return entry
}

export async function startFastifyApp(): Promise<FastifyFixture> {
  const app = Fastify({ logger: false })
  const received: Received[] = []
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fixture pets', version: '1.2.3' },
      servers: [{ url: '/' }],
      tags: [{ name: 'pets', description: 'Pet routes' }],
    },
  })
  await app.register(multipart)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawJsonOf.set(request.raw, body as string)
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string))
    } catch (error) {
      done(error as Error, undefined)
    }
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const result: Record<string, string | string[]> = {}
    for (const [key, value] of new URLSearchParams(body as string)) {
      const prior = result[key]
      result[key] = prior === undefined ? value : ([] as string[]).concat(prior, value)
    }
    done(null, result)
  })

  app.get(
    '/pets/:id',
    {
      schema: {
        operationId: 'getPet',
        tags: ['pets'],
        summary: 'Get one pet',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        querystring: {
          type: 'object',
          properties: { tags: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' } },
        },
        headers: { type: 'object', properties: { 'x-trace': { type: 'string' } } },
      },
    },
    (request, reply) => reply.send(record(received, request)),
  )
  app.post(
    '/pets',
    { schema: { operationId: 'createPet', tags: ['pets'], body: pet, response: { 201: pet } } },
    async (request, reply) => {
      record(received, request)
      return reply.code(201).send(request.body)
    },
  )
  app.delete(
    '/pets/:id',
    {
      schema: { tags: ['pets'], deprecated: true, params: { type: 'object', properties: { id: { type: 'string' } } } },
    },
    async (request, reply) => {
      record(received, request)
      return reply.code(204).send()
    },
  )
  app.post(
    '/upload',
    {
      schema: {
        operationId: 'upload',
        tags: ['files'],
        consumes: ['multipart/form-data'],
        body: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } } },
      },
      // The multipart parser hands over a stream, which the JSON-schema validator cannot check.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const parts: Record<string, unknown> = {}
      for await (const part of request.parts()) {
        if (part.type === 'file')
          parts[part.fieldname] = {
            filename: part.filename,
            data: (await part.toBuffer()).toString('utf8'),
            mimetype: part.mimetype,
          }
        else parts[part.fieldname] = part.value
      }
      return record(received, request, parts)
    },
  )
  app.put(
    '/pets/:id/form',
    {
      schema: {
        operationId: 'updateForm',
        tags: ['pets'],
        consumes: ['application/x-www-form-urlencoded'],
        params: { type: 'object', properties: { id: { type: 'string' } } },
        body: {
          type: 'object',
          properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
    (request, reply) => reply.send(record(received, request)),
  )
  app.get('/teapot', { schema: { operationId: 'teapot', tags: ['misc'] } }, async (request, reply) => {
    record(received, request)
    return reply.code(418).send({ error: 'I am a teapot' })
  })
  app.get(
    '/slow',
    {
      schema: {
        operationId: 'slow',
        tags: ['misc'],
        querystring: { type: 'object', properties: { ms: { type: 'integer' } } },
      },
    },
    async (request) => {
      const { ms = 2000 } = request.query as { ms?: number }
      await new Promise((resolve) => setTimeout(resolve, ms))
      return record(received, request)
    },
  )
  app.get(
    '/bytes',
    {
      schema: {
        operationId: 'bytes',
        tags: ['misc'],
        querystring: { type: 'object', properties: { n: { type: 'integer' } } },
      },
    },
    async (request, reply) => {
      const { n = 10 } = request.query as { n?: number }
      return reply.type('application/octet-stream').send(Buffer.alloc(n, 7))
    },
  )
  app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) => reply.send(app.swagger()))
  app.get('/openapi.yaml', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/yaml').send(app.swagger({ yaml: true })),
  )
  app.get('/page', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html').send('<!doctype html><title>Home</title>'),
  )

  const origin = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    app,
    origin,
    jsonUrl: `${origin}/openapi.json`,
    yamlUrl: `${origin}/openapi.yaml`,
    received,
    close: () => app.close(),
  }
}
