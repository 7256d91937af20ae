// A small bookshop API in Express with the workbench mounted at /workbench (@wirebench/embed). Run from the
// repository root after `npm run build`: `node examples/embedded-express/server.mjs` (PORT, default 3001), then open
// the URL it prints. Routers with mount paths, path and query parameters, an in-process swagger-jsdoc document, auth.
import { createServer } from 'node:http'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expressWorkbench } from '@wirebench/embed'
import express from 'express'
import swaggerJsdoc from 'swagger-jsdoc'

const books = [{ id: 1, title: 'The Lighthouse Ledger', author: { name: 'I. Marsh' } }]

/**
 * @openapi
 * /books:
 *   post:
 *     tags: [books]
 *     operationId: addBook
 *     summary: Add a book (needs the bearer token)
 *     requestBody:
 *       required: true
 *       content:
 *         application/json:
 *           schema:
 *             type: object
 *             required: [title]
 *             properties:
 *               title: { type: string }
 *               author:
 *                 type: object
 *                 properties:
 *                   name: { type: string }
 * /books/{id}:
 *   get:
 *     tags: [books]
 *     operationId: getBook
 *     summary: Get one book
 *     parameters:
 *       - { name: id, in: path, required: true, schema: { type: integer } }
 * /books/events:
 *   get:
 *     tags: [books]
 *     operationId: watchStock
 *     summary: Stock changes as server-sent events (a live call in the workbench)
 *     parameters:
 *       - { name: count, in: query, required: false, schema: { type: integer, default: 3 } }
 *     responses:
 *       '200':
 *         description: one event per stock change
 *         content:
 *           text/event-stream:
 *             schema: { type: string }
 */
export async function createBookshop(options = {}) {
  const app = express()
  const openapi = swaggerJsdoc({
    definition: { openapi: '3.0.0', info: { title: 'bookshop', version: '1.0.0' } },
    apis: [fileURLToPath(import.meta.url)],
  })
  // Before any body parser: the workbench reads its own request bodies.
  app.use('/workbench', await expressWorkbench(app, { prefix: '/workbench', openapi, ...options.workbench }))
  app.use(express.json())
  const api = express.Router()
  api.get('/books', (req, res) => res.json(books.filter((b) => !req.query.title || b.title.includes(req.query.title))))
  api.get('/books/events', (req, res) => {
    const count = Math.min(Number(req.query.count ?? 3) || 3, 100)
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    for (let n = 1; n <= count; n++) {
      res.write(`id: ${n}\nevent: stock\ndata: ${JSON.stringify({ id: 1, inStock: 10 - n })}\n\n`)
    }
    res.end()
  })
  api.get('/books/:id', (req, res) => {
    const found = books.find((b) => b.id === Number(req.params.id))
    return found ? res.json(found) : res.status(404).json({ error: 'no such book' })
  })
  api.post('/books', (req, res) => {
    if (req.headers.authorization !== 'Bearer bookshop-demo-token') {
      return res.status(401).json({ error: 'Send Authorization: Bearer bookshop-demo-token' })
    }
    const book = { id: books.length + 1, ...req.body }
    books.push(book)
    return res.status(201).json(book)
  })
  app.use('/', api)
  return app
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const app = await createBookshop()
  const port = Number(process.env.PORT ?? 3001)
  createServer(app).listen(port, '127.0.0.1', () => console.log(`Bookshop on http://127.0.0.1:${port}/`))
}
