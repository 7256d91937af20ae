import { describe, expect, it } from 'vitest'
import { wireMismatch, wireOfContentType } from './wire-check.js'

describe('wireOfContentType', () => {
  it('tells the three wires apart by their content types', () => {
    expect(wireOfContentType('application/grpc')).toBe('grpc')
    expect(wireOfContentType('application/grpc+proto')).toBe('grpc')
    expect(wireOfContentType('application/grpc-web+proto')).toBe('grpcweb')
    expect(wireOfContentType('application/grpc-web-text; charset=utf-8')).toBe('grpcweb')
    expect(wireOfContentType('application/connect+proto')).toBe('connect')
    expect(wireOfContentType('application/proto')).toBe('connect')
    expect(wireOfContentType('text/html')).toBeUndefined()
    expect(wireOfContentType(null)).toBeUndefined()
  })
})

describe('wireMismatch', () => {
  const url = 'http://h:1'
  it('accepts the wire’s own answers and leaves answers without a content type to the protocol checks', () => {
    expect(wireMismatch('grpcweb', { status: 200, contentType: 'application/grpc-web+proto' }, url)).toBeUndefined()
    expect(wireMismatch('connect', { status: 400, contentType: 'application/json' }, url)).toBeUndefined()
    expect(wireMismatch('connect', { status: 200, contentType: 'application/proto' }, url)).toBeUndefined()
    expect(
      wireMismatch('connect', { status: 200, contentType: 'application/connect+proto', streaming: true }, url),
    ).toBeUndefined()
    expect(wireMismatch('grpcweb', { status: 404, contentType: null }, url)).toBeUndefined()
  })

  it('says a server answering in JSON, text or HTML is not one of this wire, without naming another', () => {
    const json = wireMismatch('grpcweb', { status: 404, contentType: 'application/json' }, url)
    expect(json?.message).toBe('http://h:1 is not a gRPC-Web server: it answered HTTP 404 with application/json.')
    expect(json?.details).toMatchObject({ speaks: null })
    expect(json?.hint).toBeUndefined()
    expect(wireMismatch('grpcweb', { status: 404, contentType: 'text/plain' }, url)?.message).toContain(
      'is not a gRPC-Web server',
    )
    // JSON is Connect's error body for a unary call only: not a created record (201), not an answer to a stream.
    expect(wireMismatch('connect', { status: 201, contentType: 'application/json' }, url)?.message).toContain(
      'is not a Connect server: it answered HTTP 201',
    )
    expect(
      wireMismatch('connect', { status: 404, contentType: 'application/json', streaming: true }, url)?.message,
    ).toContain('is not a Connect server')
  })

  it('names the wire a server speaks, or the 415 it answered', () => {
    expect(wireMismatch('connect', { status: 200, contentType: 'application/grpc-web' }, url)?.message).toBe(
      'http://h:1 speaks gRPC-Web (it answered with content type application/grpc-web), not Connect.',
    )
    const refused = wireMismatch('connect', { status: 415, contentType: null }, url)
    expect(refused?.message).toBe(
      'http://h:1 refused the Connect protocol (HTTP 415 Unsupported Media Type, no content type).',
    )
    expect(refused?.hint).toBe('It may speak gRPC or gRPC-Web: try grpc@http://h:1 or grpcweb@http://h:1.')
  })
})
