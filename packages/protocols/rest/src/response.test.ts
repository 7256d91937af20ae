import { describe, expect, it } from 'vitest'
import type { HttpResponse } from '@wirebench/transport'
import { toInvokeResult } from './response.js'

function response(status: number, body: Buffer | string, headers: Record<string, string> = {}): HttpResponse {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body)
  return { status, statusMessage: 'S', headers, body: bytes, sizeBytes: bytes.length, truncated: false, durationMs: 3 }
}

describe('response decoding', () => {
  it('keeps the HTTP status and maps it to a gRPC status name', () => {
    expect(toInvokeResult(response(201, '')).status).toBe('OK')
    const notFound = toInvokeResult(response(404, '{"error":"nope"}', { 'content-type': 'application/json' }))
    expect(notFound).toMatchObject({
      status: 'NotFound',
      response: { error: 'nope' },
      sizeBytes: 16,
      contentType: 'application/json',
    })
    expect(notFound.metadata['http_status']).toBe('404')
    expect(toInvokeResult(response(503, 'down', { 'content-type': 'text/plain' })).status).toBe('Unavailable')
  })

  it('parses JSON bodies even with vendor types or no content type, and shows text otherwise', () => {
    expect(toInvokeResult(response(200, '[1,2]', { 'content-type': 'application/vnd.api+json' })).response).toEqual([
      1, 2,
    ])
    expect(toInvokeResult(response(200, ' {"a":1}')).response).toEqual({ a: 1 })
    expect(toInvokeResult(response(200, '<p>x</p>', { 'content-type': 'text/html; charset=utf-8' })).response).toBe(
      '<p>x</p>',
    )
    expect(toInvokeResult(response(200, '{broken', { 'content-type': 'application/json' })).response).toBe('{broken')
  })

  it('returns binary bodies as base64', () => {
    const result = toInvokeResult(response(200, Buffer.from([0, 255, 1]), { 'content-type': 'image/png' }))
    expect(result.responseBinary).toBe('AP8B')
    expect(result.response).toBe('')
  })
})
