import { describe, expect, it } from 'vitest'
import { parseUrlSpec, sameTarget, validateUrlSpec } from './url-spec.js'

describe('discovery URL strings', () => {
  it('splits a protocol pin from the address', () => {
    expect(parseUrlSpec(' rest@https://api.test/openapi.json ')).toEqual({
      raw: 'rest@https://api.test/openapi.json',
      protocol: 'rest',
      address: 'https://api.test/openapi.json',
    })
    expect(parseUrlSpec('https://user@api.test/').protocol).toBeUndefined()
  })

  it('accepts absolute http(s) URLs and explains what is wrong otherwise', () => {
    expect(validateUrlSpec('http://localhost:8080/openapi.yaml')).toBeNull()
    expect(validateUrlSpec('grpc@http://localhost:50051')).toBeNull()
    expect(validateUrlSpec('mcp+stdio://everything')).toBeNull()
    expect(validateUrlSpec('/openapi.json')).toMatch(/full address, e\.g\. http:\/\//)
    expect(validateUrlSpec('file:///etc/passwd')).toBe(
      'The scheme file is not supported: use http, https, ws, wss, grpc, grpcs or mcp+stdio (a configured MCP server).',
    )
    expect(validateUrlSpec('')).toMatch(/Enter a URL/)
  })

  it('accepts a sidecar scheme (scheme://host) once the server says a plugin reads any scheme', () => {
    expect(validateUrlSpec('mqtt://127.0.0.1:1883')).toMatch(/The scheme mqtt is not supported/)
    expect(validateUrlSpec('mqtt://127.0.0.1:1883', { anyScheme: true })).toBeNull()
    expect(validateUrlSpec('toy@toy://localhost:7000', { anyScheme: true })).toBeNull()
    // Still a host-based address: file:///… names no host.
    expect(validateUrlSpec('file:///etc/passwd', { anyScheme: true })).toMatch(/The scheme file is not supported/)
  })

  it('takes an address typed without a scheme as http://, pinned or not', () => {
    expect(validateUrlSpec('localhost:8080/openapi.json')).toBeNull()
    expect(validateUrlSpec('rest@localhost:8080/openapi.json')).toBeNull()
    expect(parseUrlSpec('localhost:8080/openapi.json').address).toBe('http://localhost:8080/openapi.json')
    expect(parseUrlSpec('rest@127.0.0.1:8080')).toMatchObject({ protocol: 'rest', address: 'http://127.0.0.1:8080' })
    expect(sameTarget('localhost:8080/openapi.json', 'http://localhost:8080/openapi.json')).toBe(true)
  })

  it('says a scheme is missing rather than calling a host a scheme', () => {
    const message = validateUrlSpec('localhost:abc/openapi.json')
    expect(message).toMatch(/has no scheme: start it with http:\/\/ or https:\/\//)
    expect(message).not.toMatch(/Scheme localhost/)
  })

  it('treats a pinned and an unpinned URL as the same target', () => {
    expect(sameTarget('rest@http://a/x.json', 'http://a/x.json')).toBe(true)
    expect(sameTarget('http://a/x.json', 'http://b/x.json')).toBe(false)
  })

  it('accepts a URL made of variables (substituted when it is discovered)', () => {
    expect(validateUrlSpec('${base}/openapi.json')).toBeNull()
    expect(validateUrlSpec('rest@http://${apiHost}:8080/openapi.json')).toBeNull()
    expect(validateUrlSpec('${}')).toMatch(/full address/)
  })
})
