import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { looksLikeDocument, parseAddress } from './address.js'

function code(fn: () => unknown): string | undefined {
  try {
    fn()
    return undefined
  } catch (error) {
    return error instanceof WorkbenchError ? error.code : 'not a WorkbenchError'
  }
}

describe('parseAddress', () => {
  it('maps grpc:// to plaintext and grpcs:// to TLS, keeping host, port and path prefix', () => {
    expect(parseAddress('grpc://example.com:50051', undefined)).toEqual({
      baseUrl: 'http://example.com:50051',
      tls: false,
    })
    expect(parseAddress('grpcs://example.com/api/', undefined)).toEqual({
      baseUrl: 'https://example.com/api',
      tls: true,
    })
    expect(parseAddress('https://example.com:8443', undefined)).toEqual({
      baseUrl: 'https://example.com:8443',
      tls: true,
    })
  })

  it('takes a bare host:port as plaintext, and leaves other bare words to other plugins', () => {
    expect(parseAddress('localhost:50051', undefined).baseUrl).toBe('http://localhost:50051')
    expect(parseAddress('[::1]:50051', undefined).baseUrl).toBe('http://[::1]:50051')
    expect(code(() => parseAddress('localhost', undefined))).toBe('no_services')
    expect(code(() => parseAddress('ws://example.com', undefined))).toBe('no_services')
  })

  it('refuses credentials in the address and cloud-metadata hosts', () => {
    expect(code(() => parseAddress('http://user:pw@example.com:1', undefined))).toBe('invalid_request')
    expect(code(() => parseAddress('grpc://169.254.169.254:80', undefined))).toBe('blocked_target')
    expect(code(() => parseAddress('localhost:1', { blockPrivate: true }))).toBe('blocked_target')
  })
})

describe('looksLikeDocument', () => {
  it('tells document URLs from server addresses', () => {
    expect(looksLikeDocument('http://h:1/openapi.json')).toBe(true)
    expect(looksLikeDocument('http://h:1/graphql?x=1')).toBe(true)
    expect(looksLikeDocument('http://h:1')).toBe(false)
    expect(looksLikeDocument('http://h:1/api')).toBe(false)
  })
})
