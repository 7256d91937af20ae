/**
 * A Fastify app documenting itself with @fastify/swagger (OpenAPI 3) whose `events` operations answer
 * `text/event-stream`, beside plain JSON ones: the REST plugin's event-stream operations are tested against it.
 *
 * - `GET /ticks?count=N&intervalMs=I` (ticks): N events `id: n`, `event: tick`, data `{"n":n,"tag":<x-stream-tag>}`.
 * - `POST /ticks/search` (searchTicks): body `{ prefix, count }` → `count` events with data `<prefix>-<n>` (text).
 * - `GET /ticks/headers` (tickHeaders): one event whose data is `{ headers, url }` of the request.
 * - `GET /ticks/either` (eitherTicks): documented as JSON or event stream; one event to `Accept: text/event-stream`,
 *   else the JSON `{"ticks":1}`.
 * - `GET /items/{id}` (getItem): a JSON echo of the request. `GET /slow?ms=` (slow), `GET /teapot` (teapot, 418).
 */
import Fastify from 'fastify'
import type { FastifyReply, FastifyRequest } from 'fastify'
import swagger from '@fastify/swagger'

export interface EventsAppReceived {
  method: string
  url: string
  headers: Record<string, unknown>
  params: unknown
  query: unknown
}

export interface EventsApp {
  origin: string
  jsonUrl: string
  openConnections(): Promise<number>
  /** Event-stream responses whose connection is still open. */
  openStreams(): number
  close(): Promise<void>
}

const eventStream = { 200: { content: { 'text/event-stream': { schema: { type: 'string' } } } } }

function echo(request: FastifyRequest): EventsAppReceived {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    params: request.params,
    query: request.query,
  }
}

let streamsOpen = 0

/** Takes the response over and writes raw events (no serialisation, no content-length). */
function openStream(reply: FastifyReply): (event: { id?: number; event?: string; data: string }) => void {
  reply.hijack()
  streamsOpen++
  reply.raw.once('close', () => streamsOpen--)
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  return (event) => {
    let text = ''
    if (event.id !== undefined) text += `id: ${event.id}\n`
    if (event.event !== undefined) text += `event: ${event.event}\n`
    reply.raw.write(`${text}data: ${event.data}\n\n`)
  }
}

export async function startEventsApp(): Promise<EventsApp> {
  const app = Fastify({ logger: false })
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fixture events', version: '0.1.0' },
      servers: [{ url: '/' }],
      tags: [{ name: 'events', description: 'Event streams' }],
    },
  })

  app.get(
    '/ticks',
    {
      schema: {
        operationId: 'ticks',
        tags: ['events'],
        summary: 'Numbered ticks',
        querystring: {
          type: 'object',
          properties: { count: { type: 'integer' }, intervalMs: { type: 'integer' } },
        },
        headers: { type: 'object', properties: { 'x-stream-tag': { type: 'string' } } },
        response: eventStream,
      },
    },
    async (request, reply) => {
      const { count = 3, intervalMs = 0 } = request.query as { count?: number; intervalMs?: number }
      const tag = request.headers['x-stream-tag'] ?? null
      const send = openStream(reply)
      for (let n = 1; n <= count && !reply.raw.destroyed; n++) {
        send({ id: n, event: 'tick', data: JSON.stringify({ n, tag }) })
        if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs))
      }
      reply.raw.end()
    },
  )
  app.post(
    '/ticks/search',
    {
      schema: {
        operationId: 'searchTicks',
        tags: ['events'],
        body: {
          type: 'object',
          required: ['prefix'],
          properties: { prefix: { type: 'string' }, count: { type: 'integer' } },
        },
        response: eventStream,
      },
    },
    (request, reply) => {
      const { prefix, count = 2 } = request.body as { prefix: string; count?: number }
      const send = openStream(reply)
      for (let n = 1; n <= count; n++) send({ id: n, data: `${prefix}-${n}` })
      reply.raw.end()
    },
  )
  app.get(
    '/ticks/headers',
    { schema: { operationId: 'tickHeaders', tags: ['events'], response: eventStream } },
    (request, reply) => {
      openStream(reply)({ data: JSON.stringify(echo(request)) })
      reply.raw.end()
    },
  )
  app.get(
    '/ticks/either',
    {
      schema: {
        operationId: 'eitherTicks',
        tags: ['events'],
        response: {
          200: {
            content: {
              'application/json': { schema: { type: 'object', properties: { ticks: { type: 'integer' } } } },
              'text/event-stream': { schema: { type: 'string' } },
            },
          },
        },
      },
    },
    (request, reply) => {
      if (String(request.headers['accept']).includes('text/event-stream')) {
        openStream(reply)({ id: 1, data: 'tick' })
        reply.raw.end()
        return
      }
      return reply.send({ ticks: 1 })
    },
  )
  app.get(
    '/items/:id',
    {
      schema: {
        operationId: 'getItem',
        tags: ['items'],
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
    },
    (request) => echo(request),
  )
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
      return echo(request)
    },
  )
  app.get('/teapot', { schema: { operationId: 'teapot', tags: ['misc'] } }, (_request, reply) =>
    reply.code(418).send({ error: 'I am a teapot' }),
  )
  app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) => reply.send(app.swagger()))

  const origin = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    origin,
    jsonUrl: `${origin}/openapi.json`,
    openConnections: () =>
      new Promise<number>((resolve, reject) =>
        app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    openStreams: () => streamsOpen,
    close: () => app.close(),
  }
}
