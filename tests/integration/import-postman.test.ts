/**
 * Postman v2.1 collections, written as Postman exports them (URL objects with raw/host/path/query, disabled entries,
 * folders, collection variables, bearer/basic/API-key auth inherited from folders, scripts), imported through
 * `POST /api/import/preview`, then each request sent through `/api/invoke` to a recording server. And the export:
 * workspace content → a v2.1 collection → the postman-collection SDK reads it → imported again → the same requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import type { ImportPreview, SavedRequest, WorkspaceContent } from '@wirebench/core'
import { previewImport, toPostmanCollection } from '@wirebench/interchange'
import { startImportWorkbench } from '../servers/http/import-workbench.js'
import type { ImportWorkbench } from '../servers/http/import-workbench.js'

/** The SDK as a third party reads our export (CommonJS, from the interchange package's own dependency). */
const sdk = createRequire(import.meta.resolve('@wirebench/interchange'))('postman-collection') as {
  Collection: { new (json: object): { items: { count(): number } }; isCollection(value: unknown): boolean }
}

const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

function url(raw: string, path: string[], query: { key: string; value: string; disabled?: boolean }[] = []) {
  return { raw, host: ['{{baseUrl}}'], path, ...(query.length > 0 ? { query } : {}) }
}

const bearerToken = 'canary-bearer-71c0'
const apiKey = 'canary-key-0b9e'

const collection = {
  info: {
    _postman_id: '5f1e2c3a-8d7b-4c1e-9a2f-0d3b4c5e6f70',
    name: 'Echo lab',
    schema,
    _exporter_id: '1234567',
  },
  item: [
    {
      name: 'Request Methods',
      item: [
        {
          name: 'GET Request',
          event: [
            {
              listen: 'test',
              script: { exec: ['pm.test("ok", () => pm.response.to.have.status(200))'], type: 'text/javascript' },
            },
          ],
          request: {
            method: 'GET',
            header: [
              { key: 'X-Trace', value: 'trace-{{traceId}}' },
              { key: 'X-Off', value: 'never', disabled: true },
            ],
            url: url(
              '{{baseUrl}}/get?foo1=bar1&foo2=bar2&skip=me',
              ['get'],
              [
                { key: 'foo1', value: 'bar1' },
                { key: 'foo2', value: 'bar2' },
                { key: 'skip', value: 'me', disabled: true },
              ],
            ),
          },
          response: [],
        },
        {
          name: 'POST Raw Text',
          request: {
            method: 'POST',
            header: [{ key: 'Content-Type', value: 'text/plain' }],
            body: { mode: 'raw', raw: 'This is expected to be sent back as part of response body.' },
            url: url('{{baseUrl}}/post', ['post']),
          },
          response: [],
        },
        {
          name: 'POST JSON',
          request: {
            method: 'POST',
            header: [],
            body: { mode: 'raw', raw: '{\n  "name": "{{user}}",\n  "n": 2\n}', options: { raw: { language: 'json' } } },
            url: url('{{baseUrl}}/post/json', ['post', 'json']),
          },
          response: [],
        },
        {
          name: 'POST Form Data',
          request: {
            method: 'POST',
            header: [],
            body: {
              mode: 'formdata',
              formdata: [
                { key: 'foo1', value: 'bar1', type: 'text' },
                { key: 'foo2', value: 'bar2', type: 'text' },
                { key: 'off', value: 'x', type: 'text', disabled: true },
              ],
            },
            url: url('{{baseUrl}}/post/form', ['post', 'form']),
          },
          response: [],
        },
        {
          name: 'PUT urlencoded',
          request: {
            method: 'PUT',
            header: [],
            body: {
              mode: 'urlencoded',
              urlencoded: [
                { key: 'foo1', value: 'bar 1', type: 'text' },
                { key: 'foo1', value: 'again', type: 'text' },
              ],
            },
            url: url('{{baseUrl}}/put', ['put']),
          },
          response: [],
        },
        {
          name: 'DELETE Request',
          request: { method: 'DELETE', header: [], url: url('{{baseUrl}}/delete', ['delete']) },
          response: [],
        },
      ],
    },
    {
      name: 'Auth / keys',
      auth: { type: 'bearer', bearer: [{ key: 'token', value: bearerToken, type: 'string' }] },
      item: [
        {
          name: 'Inherits bearer',
          request: { method: 'GET', header: [], url: url('{{baseUrl}}/auth/bearer', ['auth', 'bearer']) },
          response: [],
        },
        {
          name: 'Basic Auth',
          request: {
            auth: {
              type: 'basic',
              basic: [
                { key: 'password', value: '{{basicPassword}}', type: 'string' },
                { key: 'username', value: 'postman', type: 'string' },
              ],
            },
            method: 'GET',
            header: [],
            url: url('{{baseUrl}}/basic-auth', ['basic-auth']),
          },
          response: [],
        },
        {
          name: 'API key in a header',
          request: {
            auth: {
              type: 'apikey',
              apikey: [
                { key: 'value', value: apiKey, type: 'string' },
                { key: 'key', value: 'X-Api-Key', type: 'string' },
                { key: 'in', value: 'header', type: 'string' },
              ],
            },
            method: 'GET',
            header: [],
            url: url('{{baseUrl}}/auth/key', ['auth', 'key']),
          },
          response: [],
        },
        {
          name: 'Digest is not ours',
          request: {
            auth: { type: 'digest', digest: [{ key: 'username', value: 'u', type: 'string' }] },
            method: 'GET',
            header: [],
            url: url('{{baseUrl}}/digest', ['digest']),
          },
          response: [],
        },
      ],
    },
  ],
  event: [{ listen: 'prerequest', script: { type: 'text/javascript', exec: ['pm.variables.set("x", 1)'] } }],
  variable: [
    { key: 'baseUrl', value: 'http://placeholder', type: 'string' },
    { key: 'traceId', value: 'abc', type: 'string' },
    { key: 'user', value: 'ann', type: 'string' },
    { key: 'basicPassword', value: 'canary-collection-secret', type: 'secret' },
  ],
}

let wb: ImportWorkbench
let preview: ImportPreview
const byName = (name: string): SavedRequest => {
  const found = preview.requests.find((entry) => entry.request.name === name)
  if (!found) throw new Error(`no request ${name}`)
  return found.request
}
const send = (name: string) => wb.send(byName(name), preview, { baseUrl: wb.server.origin })

beforeAll(async () => {
  wb = await startImportWorkbench()
  preview = await wb.preview('postman', JSON.stringify(collection))
})
afterAll(async () => {
  await wb?.close()
})

describe('a Postman v2.1 collection', () => {
  it('keeps folders, names and collection variables; secret variables stay out of the workspace', () => {
    expect(preview.requests.map((entry) => `${entry.folder}/${entry.request.name}`)).toEqual([
      'Request Methods/GET Request',
      'Request Methods/POST Raw Text',
      'Request Methods/POST JSON',
      'Request Methods/POST Form Data',
      'Request Methods/PUT urlencoded',
      'Request Methods/DELETE Request',
      'Auth keys/Inherits bearer',
      'Auth keys/Basic Auth',
      'Auth keys/API key in a header',
      'Auth keys/Digest is not ours',
    ])
    expect(preview.vars).toEqual({ baseUrl: 'http://placeholder', traceId: 'abc', user: 'ann' })
    expect(preview.secrets).toMatchObject({ basicPassword: 'canary-collection-secret', token: bearerToken })
    const saved = JSON.stringify(preview.requests) + JSON.stringify(preview.vars)
    for (const secret of ['canary-collection-secret', bearerToken, apiKey]) expect(saved).not.toContain(secret)
  })

  it('reports scripts and auth that did not map', () => {
    expect(preview.report).toEqual([
      { source: 'Echo lab', message: expect.stringMatching(/prerequest script was not imported/) as unknown },
      {
        source: 'Request Methods/GET Request',
        message: expect.stringMatching(/test script was not imported/) as unknown,
      },
      {
        source: 'Auth keys/Digest is not ours',
        message: expect.stringMatching(/digest auth has no counterpart/) as unknown,
      },
    ])
  })

  it('sends a GET with its enabled query and headers, variables substituted', async () => {
    const received = await send('GET Request')
    expect(received).toMatchObject({
      method: 'GET',
      path: '/get',
      query: [
        ['foo1', 'bar1'],
        ['foo2', 'bar2'],
      ],
      body: '',
    })
    expect(received.headers['x-trace']).toBe('trace-abc')
    expect(received.headers).not.toHaveProperty('x-off')
  })

  it('sends raw text and raw JSON bodies with their Content-Type', async () => {
    const text = await send('POST Raw Text')
    expect(text).toMatchObject({
      method: 'POST',
      path: '/post',
      body: 'This is expected to be sent back as part of response body.',
    })
    expect(text.headers['content-type']).toBe('text/plain')
    const json = await send('POST JSON')
    expect(JSON.parse(json.body)).toEqual({ name: 'ann', n: 2 })
    expect(json.headers['content-type']).toBe('application/json')
  })

  it('sends form-data as multipart and urlencoded bodies with repeated keys', async () => {
    const form = await send('POST Form Data')
    expect(form.parts).toEqual([
      { name: 'foo1', value: 'bar1' },
      { name: 'foo2', value: 'bar2' },
    ])
    const encoded = await send('PUT urlencoded')
    expect(encoded).toMatchObject({ method: 'PUT', path: '/put' })
    expect([...new URLSearchParams(encoded.body)]).toEqual([
      ['foo1', 'bar 1'],
      ['foo1', 'again'],
    ])
    expect(encoded.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(await send('DELETE Request')).toMatchObject({ method: 'DELETE', path: '/delete' })
  })

  it('sends bearer auth inherited from the folder, basic and API-key auth of the request', async () => {
    expect((await send('Inherits bearer')).headers.authorization).toBe(`Bearer ${bearerToken}`)
    expect((await send('Basic Auth')).headers.authorization).toBe(
      `Basic ${Buffer.from('postman:canary-collection-secret').toString('base64')}`,
    )
    expect((await send('API key in a header')).headers['x-api-key']).toBe(apiKey)
  })

  it('answers a file that is not a v2 collection with a problem naming the format', async () => {
    const res = await wb.app.inject({
      method: 'POST',
      url: '/api/import/preview',
      headers: wb.headers,
      payload: {
        format: 'postman',
        content: JSON.stringify({
          info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v1.0.0/collection.json' },
          item: [],
        }),
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ detail: string }>().detail).toMatch(/not a Postman collection .*v1\.0\.0/)
    const broken = await wb.app.inject({
      method: 'POST',
      url: '/api/import/preview',
      headers: wb.headers,
      payload: { format: 'postman', content: '{"info": ' },
    })
    expect(broken.json<{ detail: string }>().detail).toMatch(/not a Postman collection .*not JSON/)
  })
})

describe('export as a Postman v2.1 collection', () => {
  const content = (): WorkspaceContent => ({
    id: 'w',
    name: 'Echo lab',
    dir: '/tmp/w',
    urls: [],
    vars: preview.vars,
    revision: '1',
    folders: [],
    problems: [],
    requests: preview.requests.map((entry) => ({
      path: `${entry.folder}/${entry.request.name}`,
      revision: '1',
      request: entry.request,
    })),
  })

  it('writes a collection the postman-collection SDK reads, with every request', () => {
    const exported = toPostmanCollection(content())
    expect(sdk.Collection.isCollection(new sdk.Collection(exported))).toBe(true)
    expect(exported).toMatchObject({ info: { name: 'Echo lab', schema } })
    expect(JSON.stringify(exported)).toContain('{{baseUrl}}/get?foo1=bar1&foo2=bar2')
  })

  it('imports back to the same requests, folders and variables', async () => {
    const again = await previewImport({ format: 'postman', content: JSON.stringify(toPostmanCollection(content())) })
    expect(again.requests).toEqual(
      preview.requests.filter((entry) => entry.request.name !== 'Digest is not ours' || true),
    )
    expect(again.vars).toEqual(preview.vars)
  })
})
