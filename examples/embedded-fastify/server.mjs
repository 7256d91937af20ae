// A small bookshop API in Fastify with the workbench mounted at /workbench (@wirebench/embed). Run from the
// repository root after `npm run build`: `node examples/embedded-fastify/server.mjs` (PORT, default 3000), then open
// the URL it prints. Tags, parameters of every source, nested bodies, a deprecated route, a constrained route, auth.
import { pathToFileURL } from 'node:url'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'

const books = new Map([
  [1, { id: 1, title: 'The Lighthouse Ledger', author: { name: 'I. Marsh', country: 'IE' }, tags: ['sea'] }],
])

export async function createBookshop(options = {}) {
  const app = Fastify({ logger: options.logger ?? { level: 'warn' } })
  // Before the routes: the workbench reads each route as it is registered.
  await app.register(wirebench, { prefix: '/workbench', ...options.workbench })
  app.addSchema({
    $id: 'author',
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, country: { type: 'string', description: 'ISO 3166 code' } },
  })
  const book = {
    type: 'object',
    required: ['title', 'author'],
    properties: {
      title: { type: 'string' },
      author: { $ref: 'author#' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  }
  const requireToken = async (request, reply) => {
    if (request.headers.authorization !== 'Bearer bookshop-demo-token') {
      return reply.code(401).send({ error: 'Send Authorization: Bearer bookshop-demo-token' })
    }
  }

  app.get(
    '/books',
    {
      schema: {
        tags: ['books'],
        operationId: 'listBooks',
        summary: 'List books',
        querystring: {
          type: 'object',
          properties: { tag: { type: 'string' }, limit: { type: 'integer', default: 20 } },
        },
      },
    },
    async (request) => [...books.values()].filter((b) => !request.query.tag || b.tags.includes(request.query.tag)),
  )
  app.get(
    '/books/:id(^\\d+$)',
    {
      schema: {
        tags: ['books'],
        operationId: 'getBook',
        summary: 'Get one book',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      },
    },
    async (request, reply) => books.get(request.params.id) ?? reply.code(404).send({ error: 'no such book' }),
  )
  app.post(
    '/books',
    {
      preHandler: requireToken,
      schema: {
        tags: ['books'],
        operationId: 'addBook',
        summary: 'Add a book (needs the bearer token)',
        headers: { type: 'object', properties: { 'x-request-id': { type: 'string' } } },
        body: book,
      },
    },
    async (request, reply) => {
      const id = books.size + 1
      books.set(id, { id, ...request.body })
      return reply.code(201).send(books.get(id))
    },
  )
  app.get(
    '/books/search',
    { schema: { tags: ['books'], deprecated: true, summary: 'Use GET /books?tag= instead' } },
    async () => [...books.values()],
  )
  await app.register(
    async (authors) => {
      authors.get('/', async () => [...new Set([...books.values()].map((b) => b.author.name))])
    },
    { prefix: '/authors' },
  )
  return app
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const app = await createBookshop()
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3000) })
}
