/**
 * A HAR file (as Chromium saves one: HTTP/2 pseudo-headers, pages, postData with text or params) and an Insomnia v4
 * export (workspace, base environment, request groups, Nunjucks references, auth), imported through
 * `POST /api/import/preview` and sent through `/api/invoke` to a recording server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview, SavedRequest } from '@wirebench/core'
import { startImportWorkbench } from '../servers/http/import-workbench.js'
import type { ImportWorkbench } from '../servers/http/import-workbench.js'

let wb: ImportWorkbench
let origin: string
beforeAll(async () => {
  wb = await startImportWorkbench()
  origin = wb.server.origin
})
afterAll(async () => {
  await wb?.close()
})

const named = (preview: ImportPreview, name: string): SavedRequest => {
  const found = preview.requests.find((entry) => entry.request.name === name)
  if (!found) throw new Error(`no request ${name}`)
  return found.request
}

function har(host: string) {
  const header = (name: string, value: string) => ({ name, value })
  const entry = (pageref: string, request: object) => ({
    pageref,
    startedDateTime: '2026-11-20T10:00:00.000Z',
    time: 12,
    request: { httpVersion: 'http/2.0', cookies: [], headersSize: -1, bodySize: 0, ...request },
    response: {
      status: 200,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 0, wait: 10, receive: 2 },
  })
  return {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [
        {
          startedDateTime: '2026-11-20T10:00:00.000Z',
          id: 'page_1',
          title: `http://${host}/shop/cart`,
          pageTimings: {},
        },
      ],
      entries: [
        entry('page_1', {
          method: 'GET',
          url: `http://${host}/api/cart?currency=EUR&items=3`,
          headers: [
            header(':authority', host),
            header(':method', 'GET'),
            header(':path', '/api/cart?currency=EUR&items=3'),
            header(':scheme', 'http'),
            header('accept', 'application/json'),
            header('accept-encoding', 'gzip, deflate, br, zstd'),
            header('cookie', 'cart=42'),
            header('x-requested-with', 'XMLHttpRequest'),
          ],
          queryString: [
            { name: 'currency', value: 'EUR' },
            { name: 'items', value: '3' },
          ],
        }),
        entry('page_1', {
          method: 'POST',
          url: `http://${host}/api/cart/items`,
          headers: [header('content-type', 'application/json'), header('authorization', 'Bearer canary-har-token')],
          queryString: [],
          postData: { mimeType: 'application/json', text: '{"sku":"A-1","qty":2}' },
        }),
        entry('page_1', {
          method: 'POST',
          url: `http://${host}/api/search`,
          headers: [header('content-type', 'application/x-www-form-urlencoded')],
          queryString: [],
          postData: {
            mimeType: 'application/x-www-form-urlencoded',
            text: 'q=red+shoes&size=42',
            params: [
              { name: 'q', value: 'red+shoes' },
              { name: 'size', value: '42' },
            ],
          },
        }),
        entry('page_2', {
          method: 'POST',
          url: `http://${host}/upload`,
          headers: [header('content-type', 'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW')],
          queryString: [],
          postData: {
            mimeType: 'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW',
            params: [
              { name: 'note', value: 'hello' },
              { name: 'doc', fileName: 'report.txt', contentType: 'text/plain' },
            ],
          },
        }),
      ],
    },
  }
}

describe('a HAR file', () => {
  let preview: ImportPreview
  beforeAll(async () => {
    preview = await wb.preview('har', JSON.stringify(har(new URL(origin).host)))
  })

  it('puts the requests of a page in one folder, named after the page', () => {
    // Folder and request names are made fit to be saved as files (`:` and `/` are not).
    const host = new URL(origin).host.replace(':', '-')
    expect(preview.requests.map((entry) => [entry.folder, entry.request.name])).toEqual([
      [`${host} shop cart`, 'GET api cart'],
      [`${host} shop cart`, 'POST api cart items'],
      [`${host} shop cart`, 'POST api search'],
      [host, 'POST upload'],
    ])
    expect(JSON.stringify(preview.requests)).not.toContain('canary-har-token')
    expect(JSON.stringify(preview.requests)).not.toContain('cart=42')
  })

  it('sends each request as recorded, without the HTTP/2 pseudo-headers', async () => {
    const get = await wb.send(named(preview, 'GET api cart'), preview)
    expect(get).toMatchObject({
      method: 'GET',
      path: '/api/cart',
      query: [
        ['currency', 'EUR'],
        ['items', '3'],
      ],
    })
    expect(get.headers).toMatchObject({
      accept: 'application/json',
      cookie: 'cart=42',
      'x-requested-with': 'XMLHttpRequest',
    })
    const post = await wb.send(named(preview, 'POST api cart items'), preview)
    expect(post).toMatchObject({ method: 'POST', path: '/api/cart/items', body: '{"sku":"A-1","qty":2}' })
    expect(post.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer canary-har-token' })
    const search = await wb.send(named(preview, 'POST api search'), preview)
    expect(search).toMatchObject({ method: 'POST', path: '/api/search', body: 'q=red+shoes&size=42' })
  })

  it('sends recorded multipart params under a boundary of its own, reporting the file it has no content for', async () => {
    const upload = await wb.send(named(preview, 'POST upload'), preview)
    expect(upload.headers['content-type']).not.toContain('WebKitFormBoundary')
    expect(upload.parts).toEqual([
      { name: 'note', value: 'hello' },
      { name: 'doc', filename: 'report.txt', contentType: 'text/plain', content: '' },
    ])
    const notes = preview.report.filter((item) => !/goes to an environment/.test(item.message))
    expect(notes).toEqual([{ source: 'entry 4', message: expect.stringContaining('report.txt') as unknown }])
  })

  it('answers a file without log.entries with a problem naming HAR', async () => {
    const res = await wb.app.inject({
      method: 'POST',
      url: '/api/import/preview',
      headers: wb.headers,
      payload: { format: 'har', content: '{"log": {}}' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ detail: string }>().detail).toMatch(/not a HAR file .*log\.entries/)
  })
})

function insomnia() {
  return {
    _type: 'export',
    __export_format: 4,
    __export_date: '2026-11-20T10:00:00.000Z',
    __export_source: 'insomnia.desktop.app:v2023.5.8',
    resources: [
      { _id: 'wrk_1', parentId: null, _type: 'workspace', name: 'Shop', scope: 'collection' },
      {
        _id: 'env_base',
        parentId: 'wrk_1',
        _type: 'environment',
        name: 'Base Environment',
        data: { base_url: 'http://placeholder', tenant: 'acme' },
      },
      {
        _id: 'env_prod',
        parentId: 'env_base',
        _type: 'environment',
        name: 'Production',
        data: { base_url: 'https://shop.example' },
      },
      { _id: 'fld_orders', parentId: 'wrk_1', _type: 'request_group', name: 'Orders' },
      { _id: 'fld_admin', parentId: 'fld_orders', _type: 'request_group', name: 'Admin' },
      {
        _id: 'req_1',
        parentId: 'fld_orders',
        _type: 'request',
        name: 'Create order',
        method: 'POST',
        url: '{{ _.base_url }}/orders',
        body: { mimeType: 'application/json', text: '{"tenant": "{{ _.tenant }}", "items": [1, 2]}' },
        parameters: [
          { name: 'notify', value: 'true' },
          { name: 'off', value: 'x', disabled: true },
        ],
        headers: [{ name: 'X-Tenant', value: '{{ _.tenant }}' }],
        authentication: { type: 'bearer', token: 'canary-insomnia-token', prefix: '' },
      },
      {
        _id: 'req_2',
        parentId: 'fld_admin',
        _type: 'request',
        name: 'Purge',
        method: 'DELETE',
        url: '{{ _.base_url }}/orders/old',
        body: {},
        parameters: [],
        headers: [],
        authentication: { type: 'basic', username: 'admin', password: '{{ _.adminPassword }}' },
      },
      {
        _id: 'req_3',
        parentId: 'wrk_1',
        _type: 'request',
        name: 'Login form',
        method: 'POST',
        url: '{{ _.base_url }}/login',
        body: {
          mimeType: 'application/x-www-form-urlencoded',
          params: [
            { name: 'user', value: 'ann' },
            { name: 'remember', value: 'yes' },
          ],
        },
        parameters: [],
        headers: [],
        authentication: {},
      },
    ],
  }
}

describe('an Insomnia v4 export', () => {
  let preview: ImportPreview
  beforeAll(async () => {
    preview = await wb.preview('insomnia', JSON.stringify(insomnia()))
  })

  it('keeps request groups as folders, the base environment as variables, and reports sub-environments', () => {
    expect(preview.requests.map((entry) => [entry.folder, entry.request.name])).toEqual([
      ['Orders', 'Create order'],
      ['Orders/Admin', 'Purge'],
      ['', 'Login form'],
    ])
    expect(preview.vars).toEqual({ base_url: 'http://placeholder', tenant: 'acme' })
    expect(preview.secrets).toEqual({ token: 'canary-insomnia-token', username: 'admin' })
    expect(preview.report).toEqual([
      { source: 'Production', message: expect.stringMatching(/Sub-environments/) as unknown },
    ])
    expect(JSON.stringify(preview.requests)).not.toContain('canary-insomnia-token')
  })

  it('sends each request with its parameters, headers, body and auth', async () => {
    const vars = { base_url: origin, adminPassword: 'pw-1' }
    const order = await wb.send(named(preview, 'Create order'), preview, vars)
    expect(order).toMatchObject({ method: 'POST', path: '/orders', query: [['notify', 'true']] })
    expect(JSON.parse(order.body)).toEqual({ tenant: 'acme', items: [1, 2] })
    expect(order.headers).toMatchObject({
      'content-type': 'application/json',
      'x-tenant': 'acme',
      authorization: 'Bearer canary-insomnia-token',
    })
    const purge = await wb.send(named(preview, 'Purge'), preview, vars)
    expect(purge).toMatchObject({ method: 'DELETE', path: '/orders/old' })
    expect(purge.headers.authorization).toBe(`Basic ${Buffer.from('admin:pw-1').toString('base64')}`)
    const login = await wb.send(named(preview, 'Login form'), preview, vars)
    expect([...new URLSearchParams(login.body)]).toEqual([
      ['user', 'ann'],
      ['remember', 'yes'],
    ])
    expect(login.headers['content-type']).toBe('application/x-www-form-urlencoded')
  })
})
