// A small bookshop API in Express with the workbench mounted at /workbench (@wirebench/embed). Run from the
// repository root after `npm run build`: `node examples/embedded-express/server.mjs` (PORT, default 3001; 0 picks a
// free one), then open the URL it prints. Routers with mount paths, path, query and header parameters, a deprecated
// route, a constrained parameter (Express 5 has no `:isbn(\d{13})`: a `router.param` check does it), an in-process
// swagger-jsdoc document, auth.
import { createServer } from 'node:http'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expressWorkbench } from '@wirebench/embed'
import express from 'express'
import swaggerJsdoc from 'swagger-jsdoc'

const books = [{ id: 1, isbn: '9780000000017', title: 'The Lighthouse Ledger', author: { name: 'I. Marsh' } }]

/**
 * @openapi
 * /books:
 *   get:
 *     tags: [books]
 *     operationId: listBooks
 *     summary: List books, optionally by title
 *     parameters:
 *       - { name: title, in: query, schema: { type: string } }
 *       - { name: x-request-id, in: header, description: Echoed back in the response, schema: { type: string } }
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
 * /books/isbn/{isbn}:
 *   get:
 *     tags: [books]
 *     operationId: getBookByIsbn
 *     summary: Get one book by its 13-digit ISBN (anything else is not this route)
 *     parameters:
 *       - { name: isbn, in: path, required: true, schema: { type: string, pattern: '^\d{13}$' } }
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
 * /search:
 *   get:
 *     tags: [books]
 *     operationId: searchBooks
 *     summary: Old search; use listBooks with ?title=
 *     deprecated: true
 *     parameters:
 *       - { name: q, in: query, schema: { type: string } }
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
  const byTitle = (title) => books.filter((b) => !title || b.title.includes(title))
  api.get('/books', (req, res) => {
    if (req.headers['x-request-id']) res.set('x-request-id', req.headers['x-request-id'])
    res.json(byTitle(req.query.title))
  })
  api.get('/search', (req, res) => res.json(byTitle(req.query.q)))
  api.get('/books/events', (req, res) => {
    const count = Math.min(Number(req.query.count ?? 3) || 3, 100)
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    for (let n = 1; n <= count; n++) {
      res.write(`id: ${n}\nevent: stock\ndata: ${JSON.stringify({ id: 1, inStock: 10 - n })}\n\n`)
    }
    res.end()
  })
  // The Express way to constrain a parameter: a value that is not 13 digits skips this route (404 here).
  api.param('isbn', (req, res, next, isbn) => (/^\d{13}$/.test(isbn) ? next() : next('route')))
  api.get('/books/isbn/:isbn', (req, res) => {
    const found = books.find((b) => b.isbn === req.params.isbn)
    return found ? res.json(found) : res.status(404).json({ error: 'no book with that ISBN' })
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
  // Express does not say where it listens: the workbench's address is printed here, once the port is known.
  let workbenchPath = '/workbench/'
  const app = await createBookshop({ workbench: { announce: (path) => (workbenchPath = path) } })
  const server = createServer(app)
  server.listen(Number(process.env.PORT ?? 3001), '127.0.0.1', () => {
    // `localhost`: the OAuth redirect URI the workbench shows is built on it (SPEC.md, embedded mode).
    const origin = `http://localhost:${server.address().port}`
    console.log(`Bookshop on ${origin}/`)
    console.log(`Wirebench: ${origin}${workbenchPath}`)
  })
}
