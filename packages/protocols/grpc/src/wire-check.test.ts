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
  it('accepts the wire’s own answers and leaves unknown ones to the protocol checks', () => {
    expect(wireMismatch('grpcweb', { status: 200, contentType: 'application/grpc-web+proto' }, url)).toBeUndefined()
    expect(wireMismatch('connect', { status: 400, contentType: 'application/json' }, url)).toBeUndefined()
    expect(wireMismatch('grpcweb', { status: 404, contentType: 'text/plain' }, url)).toBeUndefined()
    // JSON is Connect's error body, but also any REST error: not proof that a gRPC-Web server is something else.
    expect(wireMismatch('grpcweb', { status: 404, contentType: 'application/json' }, url)).toBeUndefined()
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
