import { describe, expect, it } from 'vitest'
import type { HttpResponse } from './http-request.js'
import { maxJsonDepth, toInvokeResult } from './invoke-result.js'

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

  it('shows a body nested deeper than the limit as text, so serialising the result cannot overflow', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000)
    const result = toInvokeResult(response(200, deep, { 'content-type': 'application/json' }))
    expect(result.response).toBe(deep)
    expect(() => JSON.stringify(result)).not.toThrow()
  })

  it('parses JSON at the depth limit and ignores brackets inside strings', () => {
    const atLimit = '['.repeat(maxJsonDepth) + ']'.repeat(maxJsonDepth)
    expect(typeof toInvokeResult(response(200, atLimit, { 'content-type': 'application/json' })).response).toBe(
      'object',
    )
    const bracketsInString = JSON.stringify({ text: '['.repeat(5000) + '\\"{' })
    expect(toInvokeResult(response(200, bracketsInString, { 'content-type': 'application/json' })).response).toEqual(
      JSON.parse(bracketsInString),
    )
  })
})
