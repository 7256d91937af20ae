import { describe, expect, it } from 'vitest'
import type { Credential } from '../demo-app.test-helpers.js'
import { credential, expectDocumented, useDemoApp } from '../demo-app.test-helpers.js'
import { openApiDocument } from '../openapi/document.js'
import { httpMethods } from '../openapi/types.js'

const protectedOperations = Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
  httpMethods
    .filter((method) => (item[method]?.security ?? []).length > 0)
    .map((method) => ({ method, path, url: `/api/v1${path.replace(/\{[^}]+\}/g, '1')}` })),
)

describe('security of the REST demo', () => {
  const demo = useDemoApp()

  it.each(protectedOperations)('answers 401 with a JSON error to $method $path without credentials', async (op) => {
    const response = await demo.app.inject({ method: op.method.toUpperCase() as 'GET', url: op.url })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'unauthorized' })
    expect(response.headers['www-authenticate']).toContain('realm="bookshop"')
    expectDocumented(response, op.method, op.path)
  })

  it.each<[Credential, string]>([
    ['bearer', 'bearerAuth'],
    ['basic', 'basicAuth'],
    ['apiKeyHeader', 'apiKeyHeader'],
    ['apiKeyQuery', 'apiKeyQuery'],
  ])('accepts the %s credential and reports it as %s', async (kind, scheme) => {
    const { headers, query } = credential(kind)
    const response = await demo.app.inject({ url: `/api/v1/auth/whoami?${query}`, headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ scheme, principal: 'demo' })
    expectDocumented(response, 'get', '/auth/whoami')
  })

  it.each([
    ['a wrong bearer token', { authorization: 'Bearer nope' }],
    ['a wrong basic password', { authorization: `Basic ${Buffer.from('demo:wrong').toString('base64')}` }],
    ['a wrong API key', { 'x-api-key': 'nope' }],
    ['an unknown scheme', { authorization: 'Digest demo-token' }],
  ])('rejects %s', async (_label, headers) => {
    const response = await demo.app.inject({ url: '/api/v1/auth/whoami', headers })
    expect(response.statusCode).toBe(401)
  })

  it('accepts only the schemes an operation lists', async () => {
    const author = { name: 'New Author' }
    const byBasic = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/authors',
      headers: credential('basic').headers,
      payload: author,
    })
    expect(byBasic.statusCode).toBe(401)
    expect(byBasic.json().message).toContain('bearerAuth')
    const byBearer = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/authors',
      headers: credential('bearer').headers,
      payload: author,
    })
    expect(byBearer.statusCode).toBe(201)
    const deleteByBearer = await demo.app.inject({
      method: 'DELETE',
      url: '/api/v1/books/2',
      headers: credential('bearer').headers,
    })
    expect(deleteByBearer.statusCode).toBe(401)
  })

  it('checks credentials before validating the request', async () => {
    const response = await demo.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { nonsense: true } })
    expect(response.statusCode).toBe(401)
  })

  it('leaves public operations open', async () => {
    const response = await demo.app.inject('/api/v1/books/1')
    expect(response.statusCode).toBe(200)
  })
})
