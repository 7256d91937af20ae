import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { expectDocumented, multipart, useDemoApp } from '../demo-app.test-helpers.js'

describe('Echo', () => {
  const demo = useDemoApp()

  it('reports method, path, repeated query keys and headers of a GET', async () => {
    const response = await demo.app.inject({
      url: '/api/v1/echo?text=hello&n=1&n=2',
      headers: { 'x-request-id': 'abc', 'x-custom': 'yes' },
    })
    expect(response.json()).toMatchObject({
      method: 'GET',
      path: '/api/v1/echo',
      query: { text: 'hello', n: ['1', '2'] },
      headers: { 'x-request-id': 'abc', 'x-custom': 'yes' },
      body: null,
      bodyEncoding: 'none',
    })
    expectDocumented(response, 'get', '/echo')
  })

  it.each(['POST', 'PUT', 'PATCH'] as const)('reports a JSON body sent with %s', async (method) => {
    const payload = { message: 'hi', nested: { level: 2, labels: ['a'] }, anything: [1, { deep: true }] }
    const response = await demo.app.inject({ method, url: '/api/v1/echo', payload })
    expect(response.json()).toMatchObject({ method, body: payload, bodyEncoding: 'json' })
    expect(response.json().contentType).toContain('application/json')
  })

  it('reports a DELETE without a body and any undocumented sub-path', async () => {
    const deleted = await demo.app.inject({ method: 'DELETE', url: '/api/v1/echo' })
    expect(deleted.json()).toMatchObject({ method: 'DELETE', bodyEncoding: 'none' })
    const nested = await demo.app.inject({ method: 'OPTIONS', url: '/api/v1/echo/any/where?x=1' })
    expect(nested.json()).toMatchObject({ method: 'OPTIONS', path: '/api/v1/echo/any/where', query: { x: '1' } })
  })

  it('reports a URL-encoded form, unvalidated', async () => {
    const response = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/echo/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ana+Lu&age=thirty&tag=a&tag=b',
    })
    expect(response.json()).toMatchObject({
      body: { name: 'Ana Lu', age: 'thirty', tag: ['a', 'b'] },
      bodyEncoding: 'form',
    })
    expectDocumented(response, 'post', '/echo/form')
  })

  it('reports multipart file names, sizes and hashes and the text fields', async () => {
    const first = Buffer.from('hello, file')
    const second = Buffer.alloc(70_000, 7)
    const form = new FormData()
    form.append('file', new Blob([first], { type: 'text/plain' }), 'hello.txt')
    form.append('second', new Blob([second]), 'zeros.bin')
    form.append('note', 'two files')
    form.append('count', '2')
    const body = await multipart(form)
    const response = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/echo/upload',
      headers: body.headers,
      payload: body.payload,
    })
    const sha = (data: Buffer): string => createHash('sha256').update(data).digest('hex')
    expect(response.json()).toMatchObject({
      bodyEncoding: 'multipart',
      fields: { note: 'two files', count: '2' },
      files: [
        { field: 'file', filename: 'hello.txt', contentType: 'text/plain', size: first.length, sha256: sha(first) },
        { field: 'second', filename: 'zeros.bin', size: 70_000, sha256: sha(second) },
      ],
    })
    expectDocumented(response, 'post', '/echo/upload')
  })

  it('reports other media types as base64 and plain text as text', async () => {
    const binary = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0, 1, 2, 255]),
    })
    expect(binary.json()).toMatchObject({ body: 'AAEC/w==', bodyEncoding: 'base64' })
    const text = await demo.app.inject({
      method: 'PUT',
      url: '/api/v1/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'just text',
    })
    expect(text.json()).toMatchObject({ body: 'just text', bodyEncoding: 'text' })
  })
})
