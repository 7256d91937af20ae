import { describe, expect, it } from 'vitest'
import { fieldOf, methodOf, servicesOf } from './operations.test-helpers.js'

const doc = {
  swagger: '2.0',
  info: { title: 'Pets', version: '1.0' },
  host: 'pets.test',
  basePath: '/v2',
  consumes: ['application/json'],
  tags: [{ name: 'pet', description: 'Everything about pets' }],
  parameters: { limit: { name: 'limit', in: 'query', type: 'integer', format: 'int32', description: 'Max items' } },
  paths: {
    '/pet': {
      post: {
        tags: ['pet'],
        operationId: 'addPet',
        parameters: [{ in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
        responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
      },
      get: {
        tags: ['pet'],
        deprecated: true,
        summary: 'List',
        parameters: [
          { $ref: '#/parameters/limit' },
          {
            name: 'status',
            in: 'query',
            type: 'array',
            items: { type: 'string', enum: ['a', 'b'] },
            collectionFormat: 'multi',
          },
          { name: 'ids', in: 'query', type: 'array', items: { type: 'integer' }, collectionFormat: 'csv' },
          { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'pipes' },
        ],
        responses: { '200': { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/Pet' } } } },
      },
    },
    '/pet/{petId}/uploadImage': {
      post: {
        tags: ['pet'],
        operationId: 'uploadFile',
        consumes: ['multipart/form-data'],
        parameters: [
          { name: 'petId', in: 'path', required: true, type: 'integer', format: 'int64' },
          { name: 'additionalMetadata', in: 'formData', type: 'string' },
          { name: 'file', in: 'formData', type: 'file', required: true },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/pet/{petId}': {
      post: {
        tags: ['pet'],
        operationId: 'updatePetWithForm',
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [
          { name: 'petId', in: 'path', required: true, type: 'integer' },
          { name: 'name', in: 'formData', type: 'string' },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  definitions: {
    Pet: {
      type: 'object',
      required: ['name'],
      properties: {
        id: { type: 'integer', format: 'int64', readOnly: true },
        name: { type: 'string' },
        category: { $ref: '#/definitions/Category' },
      },
    },
    Category: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  },
}

describe('Swagger 2.0 documents', () => {
  it('groups by first tag with the tag description and document version', () => {
    const [service] = servicesOf(doc)
    expect(service).toMatchObject({
      name: 'pet',
      description: 'Everything about pets',
      version: '1.0',
      package: 'Pets',
    })
    expect(service?.methods.map((m) => m.name)).toEqual(['addPet', 'get_pet', 'uploadFile', 'updatePetWithForm'])
  })

  it('turns the body parameter schema into body fields', () => {
    const method = methodOf(doc, 'addPet')
    expect(method.inputType.fields.map((f) => [f.name, f.source, f.type, f.required])).toEqual([
      ['name', 'body', 'string', true],
      ['category', 'body', 'message', false],
    ])
    expect(method.requestContentType).toBe('application/json')
    expect(method.outputType.fields.map((f) => f.name)).toEqual(['id', 'name', 'category'])
  })

  it('reads inline parameter types and $ref parameters', () => {
    const method = methodOf(doc, 'get_pet')
    expect(method.deprecated).toBe(true)
    expect(method.summary).toBe('List')
    expect(fieldOf(method.inputType.fields, 'limit')).toMatchObject({
      source: 'query',
      type: 'int32',
      description: 'Max items',
    })
    expect(fieldOf(method.inputType.fields, 'status')).toMatchObject({ type: 'enum', isRepeated: true })
    expect(fieldOf(method.outputType.fields, 'body')).toMatchObject({ type: 'message', isRepeated: true })
  })

  it('reads collectionFormat as the style it stands for, and states nothing for a parameter without one', () => {
    const fields = methodOf(doc, 'get_pet').inputType.fields
    expect(fieldOf(fields, 'status')).toMatchObject({ style: 'form', explode: true })
    expect(fieldOf(fields, 'ids')).toMatchObject({ style: 'form', explode: false })
    expect(fieldOf(fields, 'tags')).toMatchObject({ style: 'pipeDelimited', explode: false })
    expect(fieldOf(fields, 'limit').style).toBeUndefined()
    expect(fieldOf(fields, 'limit').explode).toBeUndefined()
  })

  it('makes formData with a file a multipart operation with a binary field', () => {
    const method = methodOf(doc, 'uploadFile')
    expect(method.multipart).toBe('multipart/form-data')
    expect(fieldOf(method.inputType.fields, 'petId')).toMatchObject({ source: 'path', type: 'int64', required: true })
    expect(fieldOf(method.inputType.fields, 'file')).toMatchObject({
      source: 'body',
      type: 'bytes',
      isBinary: true,
      required: true,
    })
  })

  it('makes formData without files urlencoded when the operation consumes it', () => {
    expect(methodOf(doc, 'updatePetWithForm').multipart).toBe('application/x-www-form-urlencoded')
  })
})
