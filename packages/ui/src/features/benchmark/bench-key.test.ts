import { describe, expect, it } from 'vitest'
import { portlessLocalOrigin } from './bench-key.js'

describe('the key saved runs are kept under', () => {
  it('leaves out the port of a server on this machine, which changes at every start', () => {
    expect(portlessLocalOrigin('http://127.0.0.1:41733/openapi.json')).toBe('http://127.0.0.1/openapi.json')
    expect(portlessLocalOrigin('http://localhost:8080/graphql')).toBe('http://localhost/graphql')
    expect(portlessLocalOrigin('http://[::1]:5000')).toBe('http://[::1]')
    expect(portlessLocalOrigin('toy://127.0.0.1:37153')).toBe('toy://127.0.0.1')
  })

  it('keeps a remote origin, a stdio server’s name and an uploaded file’s name whole', () => {
    expect(portlessLocalOrigin('https://api.example.com:8443/openapi.json')).toBe(
      'https://api.example.com:8443/openapi.json',
    )
    expect(portlessLocalOrigin('mcp+stdio://everything')).toBe('mcp+stdio://everything')
    expect(portlessLocalOrigin('bookshop.yaml')).toBe('bookshop.yaml')
  })
})
