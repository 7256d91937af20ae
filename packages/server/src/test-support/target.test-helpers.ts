/** A real REST target for tests: a Fastify app on 127.0.0.1:0 that serves its own OpenAPI document. */
import Fastify from 'fastify'

export interface Target {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  origin: string
  docUrl: string
  htmlUrl: string
  close(): Promise<void>
}

export function openApiDocument(title: string, servers?: string): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title, version: '1.0.0' },
    ...(servers ? { servers: [{ url: servers }] } : {}),
    paths: {
      '/whoami': {
        get: {
          tags: ['ident'],
          operationId: 'whoami',
          responses: { '200': { description: 'who answered' } },
        },
      },
      '/echo': {
        post: {
          tags: ['ident'],
          operationId: 'echo',
          parameters: [{ name: 'x-note', in: 'header', schema: { type: 'string' } }],
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } } },
          },
          responses: { '200': { description: 'echo' } },
        },
      },
      '/slow': {
        get: {
          tags: ['ident'],
          operationId: 'slow',
          parameters: [{ name: 'ms', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': { description: 'late' } },
        },
      },
    },
  }
}

/** Starts a target named `name`; every answer says which target gave it, so routing is observable. */
export async function startTarget(name: string): Promise<Target> {
  const app = Fastify({ logger: false })
  let origin = ''
  app.get('/openapi.json', () => openApiDocument(`Target ${name}`, origin))
  app.get('/page', (_req, reply) => reply.type('text/html').send('<!doctype html><title>hi</title><p>not a spec</p>'))
  app.get('/whoami', () => ({ server: name }))
  app.post('/echo', (req) => ({ server: name, body: req.body, note: req.headers['x-note'] ?? null }))
  app.get<{ Querystring: { ms?: string } }>('/slow', async (req) => {
    await new Promise((resolve) => setTimeout(resolve, Number(req.query.ms ?? 1000)))
    return { server: name }
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  origin = `http://127.0.0.1:${port}`
  return {
    origin,
    docUrl: `${origin}/openapi.json`,
    htmlUrl: `${origin}/page`,
    close: () => app.close(),
  }
}

/** A loopback port with nothing listening (connection refused). */
export async function refusedPort(): Promise<number> {
  const app = Fastify({ logger: false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 1
  await app.close()
  return port
}
