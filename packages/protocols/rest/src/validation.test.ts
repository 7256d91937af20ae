import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it, vi } from 'vitest'
import type { InvokeResult, ResponseValidator, SchemaValidationJob } from '@wirebench/core'
import { recognise } from './parse-document.js'
import { RefResolver } from './refs.js'
import type { JsonObject } from './types.js'
import { operationPointer, prepareValidation, validateResponse } from './validation.js'
import type { OperationSource } from './validation.js'

const zoo = (path: string) =>
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`@readme/oas-examples/${path}`), 'utf8')) as JsonObject

/** A document whose `GET /thing` answers `schema` as JSON for 200 (and `404` without a body). */
function source(version: '2.0' | '3.0' | '3.1', schema: unknown, components: JsonObject = {}): OperationSource {
  const root: JsonObject =
    version === '2.0'
      ? {
          swagger: '2.0',
          produces: ['application/json'],
          definitions: components,
          paths: {
            '/thing': { get: { responses: { 200: { description: 'ok', schema }, 404: { description: 'no' } } } },
          },
        }
      : {
          openapi: version === '3.0' ? '3.0.3' : '3.1.0',
          components: { schemas: components },
          paths: {
            '/thing': {
              get: {
                responses: {
                  '200': { description: 'ok', content: { 'application/json': { schema } } },
                  '4XX': {
                    description: 'client error',
                    content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } },
                  },
                },
              },
            },
          },
        }
  const spec = recognise(root, 'test')
  const operation = ((root['paths'] as JsonObject)['/thing'] as JsonObject)['get'] as JsonObject
  return { spec, refs: new RefResolver(root), operation, pointer: operationPointer('/thing', 'get') }
}

function answer(
  body: unknown,
  status = 200,
  contentType = 'application/json',
): { result: InvokeResult; bytes: Buffer } {
  const text = JSON.stringify(body)
  const result: InvokeResult = {
    response: body,
    durationMs: 1,
    status: 'OK',
    metadata: { http_status: String(status), 'content-type': contentType },
    contentType,
  }
  return { result, bytes: Buffer.from(text) }
}

function check(src: OperationSource, body: unknown, status = 200, contentType = 'application/json') {
  const { result, bytes } = answer(body, status, contentType)
  validateResponse(src, result, bytes, {})
  return result.validation
}

const pet = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', format: 'int32' },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    status: { type: 'string', enum: ['available', 'sold'] },
    tag: { type: 'string', nullable: true },
    born: { type: 'string', format: 'date-time' },
    owner: { $ref: '#/components/schemas/Owner' },
  },
}
const owner = { type: 'object', required: ['name'], nullable: true, properties: { name: { type: 'string' } } }

describe('REST response validation (OpenAPI 3.0)', () => {
  const src = source('3.0', pet, { Owner: owner })
  const good = {
    id: 7,
    name: 'Rex',
    email: 'a@b.example',
    status: 'sold',
    tag: null,
    born: '2024-01-02T03:04:05Z',
    owner: null,
  }

  it('passes a body that matches, naming the schema it was checked against', () => {
    expect(check(src, good)).toEqual({
      valid: true,
      schema: '#/paths/~1thing/get/responses/200/content/application~1json/schema',
      problems: [],
    })
  })

  it.each([
    ['type', { ...good, name: 5 }, '/name'],
    ['required', { id: 1 }, ''],
    ['enum', { ...good, status: 'lost' }, '/status'],
    ['format', { ...good, email: 'not-an-email' }, '/email'],
    ['format', { ...good, born: 'yesterday' }, '/born'],
    ['format', { ...good, id: 2 ** 40 }, '/id'],
    ['additionalProperties', { ...good, extra: true }, '/extra'],
    ['required', { ...good, owner: {} }, '/owner'],
  ])('reports %s at its JSON pointer', (keyword, body, pointer) => {
    const validation = check(src, body)
    expect(validation?.valid).toBe(false)
    expect(validation?.problems).toContainEqual(expect.objectContaining({ keyword, pointer }))
  })

  it('reads nullable: a null where the schema says nullable is fine, elsewhere a type problem', () => {
    expect(check(src, { ...good, tag: null, owner: null })?.valid).toBe(true)
    expect(check(src, { ...good, name: null })?.problems).toContainEqual(
      expect.objectContaining({ keyword: 'type', pointer: '/name' }),
    )
  })

  it('flags an undocumented status code as such, without checking the body against another schema', () => {
    expect(check(src, { anything: 1 }, 500)).toEqual({
      valid: false,
      schema: '#/paths/~1thing/get/responses',
      problems: [
        {
          pointer: '',
          keyword: 'status',
          message: 'HTTP 500 is not documented for this operation (documented: 200, 4XX); the body was not checked.',
        },
      ],
    })
  })

  it('leaves a body out of validation where its response declares no content, and passes a missing one', () => {
    const noContent = source('3.0', pet)
    const responses = (noContent.operation['responses'] ?? {}) as JsonObject
    responses['200'] = { description: 'a pet, its shape not written down' }
    const { result, bytes } = answer(good)
    validateResponse(noContent, result, bytes, {})
    expect(result).not.toHaveProperty('validation')
    const empty = answer(null)
    validateResponse(noContent, empty.result, Buffer.alloc(0), {})
    expect(empty.result.validation).toEqual({ valid: true, schema: '#/paths/~1thing/get/responses/200', problems: [] })
  })

  it('picks the status range (4XX) and checks its media type', () => {
    expect(check(src, { title: 'Nope' }, 404, 'application/problem+json')?.valid).toBe(true)
    expect(check(src, {}, 404, 'application/problem+json')?.problems[0]?.keyword).toBe('required')
    const wrongType = check(src, { title: 'Nope' }, 404, 'text/html')
    expect(wrongType?.problems).toEqual([expect.objectContaining({ keyword: 'mediaType', pointer: '' })])
    expect(wrongType?.problems[0]?.message).toMatch(/text\/html is not documented for response 4XX/)
  })
})

describe('REST response validation: oneOf and discriminator (the zoo’s discriminators.json)', () => {
  const doc = zoo('3.0/json/discriminators.json')
  const schemas = (doc['components'] as JsonObject)['schemas'] as JsonObject
  const withMapping = {
    oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
    discriminator: {
      propertyName: 'pet_type',
      mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
    },
  }

  it('checks the branch the tag names (mapping)', () => {
    const src = source('3.0', withMapping, schemas)
    expect(check(src, { pet_type: 'dog', breed: 'Husky' })?.valid).toBe(true)
    const problems = check(src, { pet_type: 'dog', breed: 'Poodle' })?.problems ?? []
    // Only the Dog branch speaks: no "must match exactly one schema" noise from Cat.
    expect(problems).toEqual([expect.objectContaining({ keyword: 'enum', pointer: '/breed' })])
  })

  it('refuses a tag no branch carries', () => {
    const src = source('3.0', withMapping, schemas)
    expect(check(src, { pet_type: 'fish' })?.problems).toContainEqual(
      expect.objectContaining({ keyword: 'enum', pointer: '/pet_type' }),
    )
  })

  it('names branches by schema when there is no mapping', () => {
    const src = source('3.0', { ...withMapping, discriminator: { propertyName: 'pet_type' } }, schemas)
    expect(check(src, { pet_type: 'Cat', age: 3 })?.valid).toBe(true)
    expect(check(src, { pet_type: 'Cat', age: 'old' })?.problems).toEqual([
      expect.objectContaining({ keyword: 'type', pointer: '/age' }),
    ])
  })

  it('reports oneOf without a discriminator when no branch or several match', () => {
    const src = source(
      '3.0',
      { oneOf: [{ $ref: '#/components/schemas/object1' }, { $ref: '#/components/schemas/object2' }] },
      schemas,
    )
    expect(check(src, { a: 'x', c: 'y' })?.problems).toContainEqual(expect.objectContaining({ keyword: 'oneOf' }))
    expect(check(src, 'text')?.problems).toContainEqual(expect.objectContaining({ keyword: 'oneOf' }))
  })
})

describe('REST response validation: 3.1 and Swagger 2.0', () => {
  it('3.1: type lists with "null" are JSON Schema 2020-12', () => {
    const src = source('3.1', { type: 'object', properties: { note: { type: ['string', 'null'] } } })
    expect(check(src, { note: null })?.valid).toBe(true)
    expect(check(src, { note: 3 })?.problems).toEqual([expect.objectContaining({ keyword: 'type', pointer: '/note' })])
  })

  it('2.0: definitions, x-nullable and produces', () => {
    const src = source(
      '2.0',
      { $ref: '#/definitions/Item' },
      { Item: { type: 'object', required: ['n'], properties: { n: { type: 'integer', 'x-nullable': true } } } },
    )
    expect(check(src, { n: null })?.valid).toBe(true)
    expect(check(src, { n: 'one' })?.problems).toEqual([expect.objectContaining({ keyword: 'type', pointer: '/n' })])
    expect(check(src, { n: 1 }, 200, 'text/xml')?.problems[0]?.keyword).toBe('mediaType')
  })
})

describe('REST response validation: size rule', () => {
  it('hands a body over the inline limit to the context’s validator and says it is pending', () => {
    const jobs: SchemaValidationJob[] = []
    const validator: ResponseValidator = {
      inlineLimitBytes: 64,
      submit: (job) => (jobs.push(job), { id: 'job-1', schema: job.schemaName }),
    }
    const src = source('3.0', pet, { Owner: owner })
    const small = answer({ id: 1, name: 'a' })
    validateResponse(src, small.result, small.bytes, { validator })
    expect(jobs).toHaveLength(0)
    expect(small.result.validation?.valid).toBe(true)
    const large = answer({ id: 1, name: 'a'.repeat(100) })
    validateResponse(src, large.result, large.bytes, { validator })
    expect(large.result.validation).toBeUndefined()
    expect(large.result.validationPending).toEqual({ id: 'job-1', schema: expect.stringContaining('/responses/200') })
    expect(jobs[0]?.schema).toMatchObject({ $defs: { Owner: expect.any(Object) } })
  })

  it('hands even a small body over when its schema is too large to compile on the main thread', () => {
    const jobs: SchemaValidationJob[] = []
    const validator: ResponseValidator = {
      inlineLimitBytes: 1024 * 1024,
      submit: (job) => (jobs.push(job), { id: 'job-2', schema: job.schemaName }),
    }
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, { type: 'string' }])),
    }
    const small = answer({ p1: 'x' })
    validateResponse(source('3.0', wide), small.result, small.bytes, { validator })
    expect(small.result.validationPending?.id).toBe('job-2')
    expect(jobs).toHaveLength(1)
    // Without a worker to hand it to (the CLI), it is checked inline all the same.
    const again = answer({ p1: 7 })
    validateResponse(source('3.0', wide), again.result, again.bytes, {})
    expect(again.result.validation?.problems).toEqual([expect.objectContaining({ pointer: '/p1', keyword: 'type' })])
  })

  it('costs a small response a fraction of a millisecond once the schema is compiled', () => {
    const src = source('3.0', pet, { Owner: owner })
    const body = { id: 7, name: 'Rex', email: 'a@b.example', status: 'sold', tag: null, owner: { name: 'Al' } }
    check(src, body)
    const runs = 2000
    const started = performance.now()
    for (let i = 0; i < runs; i++) check(src, body)
    const perCallMs = (performance.now() - started) / runs
    // About 0.004 ms a call here against 4 ms for a compile per call: half a millisecond still tells them apart, and
    // leaves room for a busy machine's pauses (at 0.1, one pause of 200 ms in the 2,000 calls fails it).
    expect(perCallMs).toBeLessThan(0.5)
  })

  it('reads the document for the schemas to compile ahead on the first call only, and asks the validator on each', () => {
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, { type: 'string' }])),
    }
    const src = source('3.0', wide)
    const prepared: string[] = []
    const validator: ResponseValidator = {
      inlineLimitBytes: 1024 * 1024,
      submit: (job) => ({ id: 'unused', schema: job.schemaName }),
      prepare: (job) => void prepared.push(job.key),
    }
    const deref = vi.spyOn(src.refs, 'deref')
    prepareValidation(src, validator)
    const readsOfFirstCall = deref.mock.calls.length
    expect(readsOfFirstCall).toBeGreaterThan(0)
    for (let i = 0; i < 4; i++) prepareValidation(src, validator)
    expect(deref.mock.calls.length).toBe(readsOfFirstCall)
    expect(prepared).toHaveLength(5)
    expect(new Set(prepared).size).toBe(1)
  })
})
