import SwaggerParser from '@apidevtools/swagger-parser'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { useDemoApp } from '../demo-app.test-helpers.js'
import type { OperationObject, ParameterObject } from './types.js'
import { httpMethods } from './types.js'

function operations(document: { paths: Record<string, Record<string, unknown>> }): [string, string, OperationObject][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    httpMethods
      .filter((m) => item[m] !== undefined)
      .map((m): [string, string, OperationObject] => [path, m, item[m] as OperationObject]),
  )
}

/** The served JSON, walked loosely: these tests assert on its shape, so any path may be absent. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON document, probed by the assertions
type Loose = any

describe('served OpenAPI document', () => {
  const demo = useDemoApp()

  async function served(): Promise<Record<string, unknown> & { paths: Record<string, Record<string, unknown>> }> {
    const response = await demo.app.inject('/openapi.json')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/json')
    return response.json()
  }

  it('is a valid OpenAPI 3.1 document whose every $ref resolves', async () => {
    const document = await served()
    expect(document['openapi']).toBe('3.1.0')
    const validated = await SwaggerParser.validate(structuredClone(document) as never)
    expect(validated.info.title).toBe('Wirebench Demo Bookshop')
  })

  it('serves the same document as YAML', async () => {
    const response = await demo.app.inject('/openapi.yaml')
    expect(response.headers['content-type']).toContain('application/yaml')
    expect(parse(response.body)).toEqual(await served())
    await SwaggerParser.validate(parse(response.body) as never)
  })

  it('names a relative server URL so that clients resolve it against the document URL', async () => {
    expect((await served())['servers']).toEqual([{ url: '/api/v1', description: 'Relative to the document URL.' }])
  })

  it('declares a recursive category schema through $ref, for input and output', async () => {
    const { components } = (await served()) as unknown as Loose
    expect(components.schemas['Category'].properties.children.items).toEqual({ $ref: '#/components/schemas/Category' })
    expect(components.schemas['CategoryInput'].properties.children.items).toEqual({
      $ref: '#/components/schemas/CategoryInput',
    })
  })

  it('covers tags, an untagged operation, missing operationIds and a deprecated operation', async () => {
    const all = operations(await served())
    const tags = new Set(all.flatMap(([, , op]) => op.tags ?? []))
    expect([...tags].sort()).toEqual(
      ['Attachments', 'Auth', 'Authors', 'Books', 'Categories', 'Diagnostics', 'Echo', 'Orders', 'Reviews'].sort(),
    )
    expect(all.filter(([, , op]) => op.tags === undefined).map(([path, method]) => `${method} ${path}`)).toEqual([
      'get /health',
    ])
    expect(all.filter(([, , op]) => op.operationId === undefined).length).toBeGreaterThanOrEqual(2)
    expect(all.filter(([, , op]) => op.deprecated === true).map(([path]) => path)).toEqual(['/books/search'])
    const twoTags = all.find(([path]) => path === '/authors/{authorId}/books')?.[2]
    expect(twoTags?.tags).toEqual(['Authors', 'Books'])
  })

  it('has every parameter kind the workbench renders', async () => {
    const document = await served()
    const listBooks = (document.paths['/books']?.['get'] as OperationObject).parameters as ParameterObject[]
    const byName = (name: string): ParameterObject | undefined => listBooks.find((p) => p.name === name)
    expect(byName('tag')).toMatchObject({ in: 'query', explode: true, schema: { type: 'array' } })
    expect(byName('publishedAfter')?.schema.format).toBe('date-time')
    expect(byName('genre')?.schema.$ref).toBe('#/components/schemas/Genre')
    const createOrder = document.paths['/orders']?.['post'] as OperationObject
    expect(createOrder.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    )
    const limit = (document as unknown as Loose).components.parameters.Limit
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 5000 })
  })

  it('has a multipart upload with a binary file and a form-encoded operation', async () => {
    const document = (await served()) as unknown as Loose
    const upload = document.paths['/books/{bookId}/attachments'].post.requestBody.content['multipart/form-data']
    expect(upload.schema).toEqual({ $ref: '#/components/schemas/AttachmentUpload' })
    expect(document.components.schemas.AttachmentUpload.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    })
    expect(Object.keys(document.paths['/books/{bookId}/reviews'].post.requestBody.content)).toContain(
      'application/x-www-form-urlencoded',
    )
  })

  it('declares bearer, basic and API-key security schemes and protects some operations', async () => {
    const document = (await served()) as unknown as Loose
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      basicAuth: { type: 'http', scheme: 'basic' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    })
    const secured = operations(document).filter(([, , op]) => (op.security ?? []).length > 0)
    expect(secured.length).toBeGreaterThan(5)
  })
})
