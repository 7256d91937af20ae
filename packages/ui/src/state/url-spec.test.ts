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
    expect(validateUrlSpec('localhost:8080')).toMatch(/Scheme|absolute/)
    expect(validateUrlSpec('/openapi.json')).toMatch(/absolute/)
    expect(validateUrlSpec('file:///etc/passwd')).toMatch(/not supported/)
    expect(validateUrlSpec('')).toMatch(/Enter a URL/)
  })

  it('treats a pinned and an unpinned URL as the same target', () => {
    expect(sameTarget('rest@http://a/x.json', 'http://a/x.json')).toBe(true)
    expect(sameTarget('http://a/x.json', 'http://b/x.json')).toBe(false)
  })
})
