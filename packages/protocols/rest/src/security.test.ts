import { describe, expect, it } from 'vitest'
import { methodOf } from './operations.test-helpers.js'

const ok = { '200': { description: 'ok' } }

describe('operation security (OpenAPI 3)', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
        key: {
          type: 'apiKey',
          in: 'query',
          name: 'api_key',
          description: `First paragraph.\n\n${'More. '.repeat(80)}`,
        },
        oauth: { type: 'oauth2', flows: {} },
        shared: { $ref: '#/components/securitySchemes/key' },
      },
    },
    paths: {
      '/a': {
        get: { operationId: 'inherits', responses: ok },
        put: { operationId: 'none', security: [], responses: ok },
        post: { operationId: 'optional', security: [{}, { oauth: ['write', 'read'] }], responses: ok },
        patch: { operationId: 'both', security: [{ bearer: [], shared: [] }], responses: ok },
        delete: { operationId: 'undefinedScheme', security: [{ nowhere: [] }, { key: [] }], responses: ok },
        head: { operationId: 'onlyUndefined', security: [{ nowhere: [] }], responses: ok },
      },
    },
  }

  it("takes the document's security when the operation declares none", () => {
    expect(methodOf(doc, 'inherits').security).toEqual([
      { schemes: [{ name: 'bearer', type: 'http', scheme: 'bearer' }] },
    ])
  })

  it('keeps an explicit empty list (no auth) and an empty alternative (auth optional), with scopes', () => {
    expect(methodOf(doc, 'none').security).toEqual([])
    expect(methodOf(doc, 'optional').security).toEqual([
      { schemes: [] },
      { schemes: [{ name: 'oauth', type: 'oauth2', scopes: ['write', 'read'] }] },
    ])
  })

  it('lists schemes required together, following $refs, with the first paragraph of their description', () => {
    const key = { type: 'apiKey', in: 'query', paramName: 'api_key', description: 'First paragraph.' }
    expect(methodOf(doc, 'both').security).toEqual([
      {
        schemes: [
          { name: 'bearer', type: 'http', scheme: 'bearer' },
          { name: 'shared', ...key },
        ],
      },
    ])
  })

  it('leaves out an alternative naming an undefined scheme, and says nothing when none is left', () => {
    expect(methodOf(doc, 'undefinedScheme').security).toMatchObject([{ schemes: [{ name: 'key' }] }])
    expect(methodOf(doc, 'onlyUndefined').security).toBeUndefined()
  })

  it('says nothing when neither the operation nor the document declares security', () => {
    const bare = { ...doc, security: undefined }
    expect(methodOf(bare, 'inherits').security).toBeUndefined()
  })
})

describe('operation security (Swagger 2.0 securityDefinitions)', () => {
  const doc = {
    swagger: '2.0',
    info: { title: 't', version: '1' },
    security: [{ basic: [] }],
    securityDefinitions: {
      basic: { type: 'basic' },
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      oauth: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://h/auth', scopes: { read: 'r' } },
    },
    paths: {
      '/a': {
        get: { operationId: 'inherits', responses: ok },
        post: { operationId: 'own', security: [{ key: [] }, { oauth: ['read'] }], responses: ok },
      },
    },
  }

  it('maps basic to http basic, and keeps apiKey and oauth2', () => {
    expect(methodOf(doc, 'inherits').security).toEqual([
      { schemes: [{ name: 'basic', type: 'http', scheme: 'basic' }] },
    ])
    expect(methodOf(doc, 'own').security).toEqual([
      { schemes: [{ name: 'key', type: 'apiKey', in: 'header', paramName: 'X-Key' }] },
      { schemes: [{ name: 'oauth', type: 'oauth2', scopes: ['read'] }] },
    ])
  })
})
