import { describe, expect, it } from 'vitest'
import { headersRecord, requestHeaders } from './metadata.js'

describe('requestHeaders', () => {
  it('passes ASCII metadata and base64 -bin metadata, lower-cased', () => {
    const headers = requestHeaders(
      { 'X-Trace': 'abc 123', 'x-blob-bin': 'AQID' },
      { wire: 'grpc', deadline: undefined },
    )
    expect(headersRecord(headers)).toEqual({ 'x-trace': 'abc 123', 'x-blob-bin': 'AQID' })
  })

  it('refuses what gRPC metadata cannot carry, naming the key', () => {
    const refuse = (metadata: Record<string, string>) => () =>
      requestHeaders(metadata, { wire: 'grpc', deadline: undefined })
    expect(refuse({ 'x-name': 'naïve' })).toThrow(/x-name/)
    expect(refuse({ 'x-blob-bin': 'not base64!' })).toThrow(/base64/)
    expect(refuse({ 'bad key': 'v' })).toThrow(/bad key/)
    expect(refuse({ 'grpc-timeout': '1S' })).toThrow(/set by the gRPC transport/)
    expect(refuse({ 'Content-Type': 'text/plain' })).toThrow(/content-type/)
  })

  it('sends the remaining time as the deadline header of the wire protocol', () => {
    const deadline = Date.now() + 60_000
    const grpc = requestHeaders({}, { wire: 'grpc', deadline }).get('grpc-timeout') ?? ''
    expect(grpc).toMatch(/^\d+m$/)
    expect(Number(grpc.slice(0, -1))).toBeGreaterThan(50_000)
    expect(Number(grpc.slice(0, -1))).toBeLessThanOrEqual(60_000)
    expect(requestHeaders({}, { wire: 'connect', deadline }).get('connect-timeout-ms')).toMatch(/^\d+$/)
    expect(requestHeaders({}, { wire: 'grpcweb', deadline: undefined }).has('grpc-timeout')).toBe(false)
  })
})
