import { describe, expect, it } from 'vitest'
import type { MethodInfo } from '@wirebench/core'
import { methodOf } from './operations.test-helpers.js'
import { buildRequest } from './request-build.js'

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/files/{path}/v/{version}': {
      parameters: [{ name: 'version', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getFile',
        parameters: [
          { name: 'path', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'tag', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'created',
            in: 'query',
            style: 'deepObject',
            schema: { type: 'object', properties: { gt: { type: 'integer' } } },
          },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { ignored: { type: 'string' } } } } },
        },
        responses: { '200': { description: 'ok' } },
      },
      put: {
        operationId: 'putFile',
        parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/merge-patch+json': {
              schema: {
                type: 'object',
                properties: {
                  path: { type: 'string' },
                  meta: { type: 'object', properties: { a: { type: 'integer' } } },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
      post: {
        operationId: 'upload',
        parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: { type: 'string', format: 'binary' },
                  note: { type: 'string' },
                  extra: { type: 'object' },
                  many: { type: 'array', items: { type: 'string', format: 'binary' } },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
      patch: {
        operationId: 'form',
        parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  a: { type: 'string' },
                  list: { type: 'array', items: { type: 'string' } },
                  meta: { type: 'object' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/star': {
      post: {
        operationId: 'star',
        requestBody: { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } },
        responses: { '200': { description: 'ok' } },
      },
      put: {
        operationId: 'note',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } } },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/#Action=Describe': {
      get: {
        operationId: 'describe',
        parameters: [
          { name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: ['Describe'] } },
          { name: 'Mode', in: 'query', schema: { type: 'string', enum: ['only'] } },
          { name: 'Region', in: 'query', required: true, schema: { type: 'string', enum: ['eu', 'us'] } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/loose': {
      post: {
        operationId: 'external',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: 'other.yaml#/Pet' } } } },
        responses: { '200': { description: 'ok' } },
      },
      put: {
        operationId: 'labels',
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', additionalProperties: { type: 'string' } } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/raw': {
      post: {
        operationId: 'raw',
        requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
        responses: { '200': { description: 'ok' } },
      },
      put: {
        operationId: 'bin',
        requestBody: { content: { 'application/octet-stream': {} } },
        responses: { '200': { description: 'ok' } },
      },
      patch: {
        operationId: 'list',
        requestBody: { content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
}

const m = (name: string): MethodInfo => methodOf(doc, name)

describe('outbound request construction', () => {
  it('encodes path parameters, repeats array query parameters and sends header parameters', () => {
    const request = buildRequest(
      m('getFile'),
      'http://h:1/api/',
      {
        path: 'a b/c?',
        version: 3,
        tag: ['x', 'y z'],
        created: { gt: 5 },
        'X-Trace': 't1',
        ignored: 'body',
      },
      {},
    )
    expect(request.url).toBe('http://h:1/api/files/a%20b%2Fc%3F/v/3?tag=x&tag=y%20z&created%5Bgt%5D=5')
    expect(request.method).toBe('GET')
    expect(request.headers).toEqual({ 'X-Trace': 't1' })
    // GET never carries a body even when body fields are filled.
    expect(request.body).toBeUndefined()
  })

  it('lets a header parameter win over a metadata header of the same name, and metadata add the rest', () => {
    const request = buildRequest(
      m('getFile'),
      'http://h',
      { path: 'p', version: 1, 'X-Trace': 'form' },
      { 'x-trace': 'meta', Authorization: 'Bearer t' },
    )
    expect(request.headers).toEqual({ 'X-Trace': 'form', Authorization: 'Bearer t' })
  })

  it('refuses a call whose path parameter is missing, naming the field and where to fill it', () => {
    expect(() => buildRequest(m('getFile'), 'http://h', { version: 1 }, {})).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/Path parameter path/),
        hint: expect.stringContaining('Fill in path'),
        details: { field: 'path' },
      }),
    )
  })

  it('serialises body fields as JSON with the declared JSON media type, addressing clashes by wire name', () => {
    const request = buildRequest(
      m('putFile'),
      'http://h',
      { path: 'p', version: 1, 'body.path': 'in-body', meta: { a: 1 }, extra: true },
      {},
    )
    expect(request.headers['content-type']).toBe('application/merge-patch+json')
    expect(JSON.parse(request.body as string)).toEqual({ path: 'in-body', meta: { a: 1 }, extra: true })
  })

  it('keeps a user Content-Type for JSON bodies', () => {
    const request = buildRequest(
      m('putFile'),
      'http://h',
      { path: 'p', version: 1, meta: {} },
      { 'Content-Type': 'application/json; v=2' },
    )
    expect(request.headers).toEqual({ 'Content-Type': 'application/json; v=2' })
  })

  it('builds multipart bodies with file parts from base64 or {filename, data} and leaves the boundary to FormData', async () => {
    const request = buildRequest(
      m('upload'),
      'http://h',
      {
        path: 'p',
        version: 1,
        file: { filename: 'a.txt', data: Buffer.from('hello').toString('base64') },
        note: 'n',
        extra: { k: 1 },
        many: [Buffer.from('x').toString('base64'), { filename: 'y.bin', data: 'eQ==' }],
      },
      { 'content-type': 'multipart/form-data' },
    )
    const contentType = request.headers['content-type'] ?? ''
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
    // A standard parser reads it back: parts, filenames (empty stays empty) and contents.
    const form = await new Response(new Uint8Array(request.body as Buffer), {
      headers: { 'content-type': contentType },
    }).formData()
    const file = form.get('file') as unknown as File
    expect(file.name).toBe('a.txt')
    expect(await file.text()).toBe('hello')
    expect(form.get('note')).toBe('n')
    expect(form.get('extra')).toBe('{"k":1}')
    const many = form.getAll('many') as unknown as File[]
    expect(many.map((f) => f.name)).toEqual(['', 'y.bin'])
    expect(await many[1]?.text()).toBe('y')
    expect((request.body as Buffer).toString()).toContain('name="many"; filename=""\r\n')
  })

  it('rejects a file value that is not base64', () => {
    expect(() => buildRequest(m('upload'), 'http://h', { path: 'p', version: 1, file: 'not base64!' }, {})).toThrow(
      /not valid base64/,
    )
  })

  it('builds urlencoded bodies with repeated arrays and bracketed objects', () => {
    const request = buildRequest(
      m('form'),
      'http://h',
      { path: 'p', version: 1, a: '1&2', list: ['x', 'y'], meta: { k: 'v', deep: { n: 1 } } },
      {},
    )
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request.body).toBe('a=1%262&list=x&list=y&meta%5Bk%5D=v&meta%5Bdeep%5D%5Bn%5D=1')
  })

  it('sends text, binary and array bodies whole', () => {
    const text = buildRequest(m('raw'), 'http://h', { body: 'plain words' }, {})
    expect([text.body, text.headers['content-type']]).toEqual(['plain words', 'text/plain'])
    const bin = buildRequest(m('bin'), 'http://h', { body: { filename: 'f', data: 'AAEC' } }, {})
    expect([...(bin.body as Buffer)]).toEqual([0, 1, 2])
    expect(bin.headers['content-type']).toBe('application/octet-stream')
    const list = buildRequest(m('list'), 'http://h', { body: [1, 2] }, {})
    expect(list.body).toBe('[1,2]')
  })

  it('sends a binary body declared as */* as application/octet-stream', () => {
    const request = buildRequest(m('star'), 'http://h', { body: 'AAE=' }, {})
    expect(request.headers['content-type']).toBe('application/octet-stream')
    expect([...(request.body as Buffer)]).toEqual([0, 1])
  })

  it('keeps an object property named body inside the JSON object', () => {
    const request = buildRequest(m('note'), 'http://h', { title: 't', body: 'text' }, {})
    expect(JSON.parse(request.body as string)).toEqual({ title: 't', body: 'text' })
  })

  it('keeps a __proto__ key from the message as a plain body property', () => {
    const message = JSON.parse('{"title":"t","__proto__":{"polluted":true}}') as Record<string, unknown>
    const request = buildRequest(m('note'), 'http://h', message, {})
    expect(request.body).toBe('{"title":"t","__proto__":{"polluted":true}}')
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('sends a path key without its #… suffix and fills a required parameter that has one possible value', () => {
    const request = buildRequest(m('describe'), 'http://h/api', { Region: 'eu' }, {})
    expect(request.url).toBe('http://h/api/?Action=Describe&Region=eu')
    expect(buildRequest(m('describe'), 'http://h', {}, {}).url).toBe('http://h/?Action=Describe')
    expect(buildRequest(m('describe'), 'http://h', { Action: 'Other' }, {}).url).toBe('http://h/?Action=Other')
  })

  it('sends keys that fit no field as the body when its shape is unknown or a map', () => {
    const external = buildRequest(m('external'), 'http://h', { name: 'rex', tag: 'dog' }, {})
    expect([external.body, external.headers['content-type']]).toEqual([
      '{"name":"rex","tag":"dog"}',
      'application/json',
    ])
    const labels = buildRequest(m('labels'), 'http://h', { env: 'prod', team: 'core' }, {})
    expect(labels.body).toBe('{"env":"prod","team":"core"}')
  })

  it('refuses keys that fit no field beside a body given whole, or where the body is not an object', () => {
    expect(() => buildRequest(m('external'), 'http://h', { body: {}, name: 'rex' }, {})).toThrow(
      'external has no field "name", and its body cannot hold it: nothing was sent.',
    )
    expect(() => buildRequest(m('bin'), 'http://h', { file: 'AAE=' }, {})).toThrow(/bin has no field "file"/)
    expect(() => buildRequest(m('list'), 'http://h', { items: [1] }, {})).toThrow(
      expect.objectContaining({ code: 'invalid_request', hint: 'Check the spelling. Its fields are body (body).' }),
    )
  })

  it('drops headers undici manages itself', () => {
    const request = buildRequest(m('raw'), 'http://h', {}, { Connection: 'close', 'Content-Length': '5', 'x-ok': '1' })
    expect(request.headers).toEqual({ 'x-ok': '1' })
    expect(request.body).toBeUndefined()
  })
})

describe('buildRequest on a method called again and again', () => {
  const twoTypes = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/notes': {
        post: {
          operationId: 'addNote',
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } },
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { title: { type: 'string' } } },
              },
              'text/plain': { schema: { type: 'string' } },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  }

  it('lets each call’s Content-Type choose its body, whatever the calls before it chose', () => {
    const method = methodOf(twoTypes, 'addNote')
    // Without a Content-Type the fields describe the form (SPEC.md: a form type wins over JSON).
    const plain = () => buildRequest(method, 'http://h', { title: 'a' }, {})
    expect(plain().body).toBe('title=a')
    const json = buildRequest(method, 'http://h', { title: 'a' }, { 'Content-Type': 'application/json' })
    expect(json.body).toBe('{"title":"a"}')
    const text = buildRequest(method, 'http://h', { body: 'plain words' }, { 'content-type': 'text/plain' })
    expect(text.body).toBe('plain words')
    // A key the chosen text body does not know is refused for that call only.
    expect(() => buildRequest(method, 'http://h', { title: 'a' }, { 'content-type': 'text/plain' })).toThrow(/title/)
    expect(plain().body).toBe('title=a')
    expect(plain().headers['content-type']).toBe('application/x-www-form-urlencoded')
    // Keys no field names still join the form body, as on the first call.
    expect(buildRequest(method, 'http://h', { title: 'a', extra: 1 }, {}).body).toBe('title=a&extra=1')
  })
})
