/**
 * An Express host with an OpenAPI document built in process by swagger-jsdoc (from the JSDoc below): the document's
 * operations are merged into the routes found in the router stack, with no HTTP; the others stay listed from the stack.
 */
import { fileURLToPath } from 'node:url'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import swaggerJsdoc from 'swagger-jsdoc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expressRoutes, startExpressHost } from '../servers/embed/express-host.js'
import type { ExpressHost } from '../servers/embed/express-host.js'
import { listedMethods as listed, useConfigDir, workbenchPost } from './support/embed-host.js'

const token = 'embedded-express-token-0123456789abcdef0123456789abcdef'
const configDir = useConfigDir('express-document')

/** The mounted workbench's API as the page calls it. */
function api<T>(host: { origin: string }, path: string, body: unknown): Promise<T> {
  return workbenchPost<T>(host.origin, path, body, { token })
}

/**
 * @openapi
 * /books:
 *   post:
 *     tags: [library]
 *     operationId: addBook
 *     summary: Add a book
 *     deprecated: true
 *     requestBody:
 *       required: true
 *       content:
 *         application/json:
 *           schema:
 *             $ref: '#/components/schemas/Book'
 * /api/users/{userId}:
 *   get:
 *     tags: [people]
 *     operationId: getUser
 *     parameters:
 *       - { in: path, name: userId, required: true, schema: { type: string } }
 * components:
 *   schemas:
 *     Book:
 *       type: object
 *       required: [title]
 *       properties:
 *         title: { type: string }
 *         author:
 *           type: object
 *           properties:
 *             name: { type: string }
 */
describe('an Express host with a swagger-jsdoc document', () => {
  let host: ExpressHost
  beforeAll(async () => {
    const openapi = swaggerJsdoc({
      definition: { openapi: '3.0.0', info: { title: 'library', version: '1.0.0' } },
      apis: [fileURLToPath(import.meta.url)],
    }) as Record<string, unknown>
    host = await startExpressHost(express5 as never, { configDir: configDir(), token, openapi })
  })
  afterAll(() => host.close())

  it("merges the document's operation into the route it describes, and sends its body", async () => {
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [host.origin] })
    const library = answer.services.find((s) => s.name === 'library')
    expect(library?.methods.map((m) => [m.name, m.httpMethod, m.httpPath, m.summary, m.deprecated])).toEqual([
      ['addBook', 'POST', '/books', 'Add a book', true],
    ])
    const fields = library?.methods[0]?.inputType.fields
    expect(fields?.map((f) => [f.name, f.required, f.messageType?.fields.map((n) => n.name)])).toEqual([
      ['title', true, undefined],
      ['author', false, ['name']],
    ])
    // The routes the document does not describe are still listed from the stack.
    const undocumented = listed(answer).filter((line) => !line.startsWith('library ') && !line.startsWith('people '))
    expect(undocumented).toHaveLength(expressRoutes.length - 2)
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'library',
      method: 'addBook',
      messages: [{ title: 'Dune', author: { name: 'Herbert' } }],
    })
    expect(result.response).toMatchObject({
      method: 'POST',
      url: '/books',
      body: { title: 'Dune', author: { name: 'Herbert' } },
    })
  })

  it("uses the document's path parameter names where they differ from the route's (/users/:id, {userId})", async () => {
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [host.origin] })
    const getUser = answer.services.find((s) => s.name === 'people')?.methods[0]
    expect([getUser?.name, getUser?.httpPath, getUser?.inputType.fields.map((f) => f.name)]).toEqual([
      'getUser',
      '/api/users/{userId}',
      ['userId'],
    ])
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'people',
      method: 'getUser',
      messages: [{ userId: 'u7' }],
    })
    expect(result.response).toMatchObject({ method: 'GET', url: '/api/users/u7', params: { id: 'u7' } })
  })
})
