/**
 * An Express 5 app documented the swagger-jsdoc way: the `@openapi` blocks in the comments of this file, assembled by
 * swagger-jsdoc 6 into `/openapi.json`. Every route answers with the Content-Type it got and the body as Express's
 * own parsers read it (`text`, `json` or `bytes`). Run by `jsdoc-app.ts` in a process of its own; prints its origin.
 */
import { fileURLToPath } from 'node:url'
import express from 'express'
import swaggerJsdoc from 'swagger-jsdoc'

function received(request, response) {
  const body = request.body
  const answer = { contentType: request.headers['content-type'] }
  if (typeof body === 'string') answer.text = body
  else if (Buffer.isBuffer(body)) answer.bytes = [...body]
  else answer.json = body
  response.json(answer)
}

/**
 * @openapi
 * components:
 *   schemas:
 *     Note:
 *       type: object
 *       xml:
 *         name: note
 *       properties:
 *         title:
 *           type: string
 *         body:
 *           type: string
 */

/**
 * @openapi
 * /notes:
 *   post:
 *     operationId: createNote
 *     tags: [notes]
 *     requestBody:
 *       required: true
 *       content:
 *         application/json:
 *           schema:
 *             $ref: '#/components/schemas/Note'
 *         application/xml:
 *           schema:
 *             $ref: '#/components/schemas/Note'
 *         text/plain:
 *           schema:
 *             type: string
 *         application/x-www-form-urlencoded:
 *           schema:
 *             $ref: '#/components/schemas/Note'
 *     responses:
 *       200:
 *         description: What the server received.
 */
function createNote(request, response) {
  received(request, response)
}

/**
 * @openapi
 * /settings:
 *   put:
 *     operationId: putSettings
 *     tags: [notes]
 *     requestBody:
 *       content:
 *         application/xml:
 *           schema:
 *             type: object
 *             properties:
 *               theme:
 *                 type: string
 *     responses:
 *       200:
 *         description: What the server received.
 */
function putSettings(request, response) {
  received(request, response)
}

/**
 * @openapi
 * /memo:
 *   post:
 *     operationId: postMemo
 *     tags: [notes]
 *     requestBody:
 *       content:
 *         text/plain:
 *           schema:
 *             type: string
 *     responses:
 *       200:
 *         description: What the server received.
 */
function postMemo(request, response) {
  received(request, response)
}

/**
 * @openapi
 * /blobs:
 *   put:
 *     operationId: putBlob
 *     tags: [notes]
 *     requestBody:
 *       content:
 *         application/octet-stream: {}
 *     responses:
 *       200:
 *         description: What the server received.
 */
function putBlob(request, response) {
  received(request, response)
}

let origin = ''
const app = express()
app.use(express.json())
app.use(express.urlencoded({ extended: false }))
app.use(express.text({ type: ['text/*', 'application/xml'] }))
app.use(express.raw({ type: 'application/octet-stream' }))
app.get('/openapi.json', (_request, response) => {
  response.json(
    swaggerJsdoc({
      definition: { openapi: '3.0.3', info: { title: 'notes', version: '1.0.0' }, servers: [{ url: origin }] },
      apis: [fileURLToPath(import.meta.url)],
    }),
  )
})
app.post('/notes', createNote)
app.put('/settings', putSettings)
app.post('/memo', postMemo)
app.put('/blobs', putBlob)
const server = app.listen(0, '127.0.0.1', () => {
  origin = `http://127.0.0.1:${server.address().port}`
  console.log(`listening ${origin}`)
})
process.on('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
