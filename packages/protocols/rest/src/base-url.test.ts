import { describe, expect, it } from 'vitest'
import { operationBaseUrl, resolveBaseUrl } from './base-url.js'

const doc = 'https://api.example.com/docs/openapi.json'

describe('base URL resolution', () => {
  it('takes servers[0].url when absolute', () => {
    const root = { servers: [{ url: 'https://prod.example.com/v2/' }, { url: 'https://other' }] }
    expect(resolveBaseUrl(root, '3.0', doc)).toBe('https://prod.example.com/v2')
  })

  it('resolves a relative server URL against the document URL', () => {
    expect(resolveBaseUrl({ servers: [{ url: '/api/v3' }] }, '3.0', doc)).toBe('https://api.example.com/api/v3')
    expect(resolveBaseUrl({ servers: [{ url: 'v1' }] }, '3.1', doc)).toBe('https://api.example.com/docs/v1')
  })

  it('uses the document origin when there is no servers block', () => {
    expect(resolveBaseUrl({}, '3.0', doc)).toBe('https://api.example.com')
    expect(resolveBaseUrl({ servers: [] }, '3.0', doc)).toBe('https://api.example.com')
  })

  it('substitutes server variables with their defaults', () => {
    const root = {
      servers: [
        {
          url: '{scheme}://{host}:{port}/{base}',
          variables: {
            scheme: { default: 'http', enum: ['http', 'https'] },
            host: { default: 'h' },
            port: { default: '8443' },
            base: { default: 'v1' },
          },
        },
      ],
    }
    expect(resolveBaseUrl(root, '3.0', doc)).toBe('http://h:8443/v1')
  })

  it('cannot resolve a relative or missing server for an upload', () => {
    expect(resolveBaseUrl({ servers: [{ url: '/api' }] }, '3.0')).toBeUndefined()
    expect(resolveBaseUrl({}, '3.0')).toBeUndefined()
    expect(resolveBaseUrl({ servers: [{ url: 'https://x.test/api' }] }, '3.0')).toBe('https://x.test/api')
  })

  it('builds Swagger 2.0 bases from schemes, host and basePath', () => {
    const root = { host: 'petstore.swagger.io', basePath: '/v2', schemes: ['https', 'http'] }
    expect(resolveBaseUrl(root, '2.0', 'http://127.0.0.1:1/swagger.json')).toBe('http://petstore.swagger.io/v2')
    expect(resolveBaseUrl({ ...root, schemes: ['http'] }, '2.0', doc)).toBe('http://petstore.swagger.io/v2')
    expect(resolveBaseUrl({ host: 'h.test', schemes: ['wss'] }, '2.0')).toBe('wss://h.test')
    expect(resolveBaseUrl(root, '2.0')).toBe('https://petstore.swagger.io/v2')
  })

  it('uses the document host for Swagger 2.0 without host, keeping basePath', () => {
    expect(resolveBaseUrl({ basePath: '/v1' }, '2.0', doc)).toBe('https://api.example.com/v1')
    expect(resolveBaseUrl({}, '2.0', doc)).toBe('https://api.example.com')
    expect(resolveBaseUrl({ basePath: '/v1' }, '2.0')).toBeUndefined()
  })
})

describe('servers of an operation and its path item', () => {
  const pathItem = {
    servers: [{ url: 'https://{region}.paths.example.com', variables: { region: { default: 'eu', enum: ['eu'] } } }],
  }

  it('takes the operation servers over the path item servers, with variables at their defaults', () => {
    expect(operationBaseUrl(pathItem, { servers: [{ url: 'https://op.example.com/' }] }, doc)).toBe(
      'https://op.example.com',
    )
    expect(operationBaseUrl(pathItem, {}, doc)).toBe('https://eu.paths.example.com')
  })

  it('resolves a relative server against the document URL and declares nothing without one', () => {
    expect(operationBaseUrl({}, { servers: [{ url: '../uploads' }] }, doc)).toBe('https://api.example.com/uploads')
    expect(operationBaseUrl({}, { servers: [{ url: '//files.example.com' }] }, doc)).toBe('https://files.example.com')
    expect(operationBaseUrl({}, { servers: [{ url: '/v2' }] })).toBeUndefined()
    expect(operationBaseUrl({ servers: [] }, { servers: [] }, doc)).toBeUndefined()
    expect(operationBaseUrl({}, {}, doc)).toBeUndefined()
  })
})
