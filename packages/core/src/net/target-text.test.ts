import { describe, expect, it } from 'vitest'
import { isSchemelessAddress, readTargetText, withDefaultScheme } from './target-text.js'

describe('discovery entry text', () => {
  it('adds http:// to a host, host:port or [v6]:port typed without a scheme', () => {
    for (const [typed, url] of [
      ['localhost:8080/openapi.json', 'http://localhost:8080/openapi.json'],
      ['localhost', 'http://localhost'],
      ['api.example.com/v3/openapi.yaml?x=1', 'http://api.example.com/v3/openapi.yaml?x=1'],
      ['127.0.0.1:50051', 'http://127.0.0.1:50051'],
      ['[::1]:8080', 'http://[::1]:8080'],
    ]) {
      expect(withDefaultScheme(typed!), typed).toBe(url)
    }
  })

  it('leaves URLs with a scheme, other schemes and relative paths alone', () => {
    for (const text of [
      'https://h/x',
      'ws://h',
      'file:/etc/passwd',
      'mailto:me@h',
      '/openapi.json',
      'not a url',
      'h:port',
    ]) {
      expect(isSchemelessAddress(text), text).toBe(false)
      expect(withDefaultScheme(text)).toBe(text)
    }
  })

  it('splits a pin from an address with or without a scheme, but not credentials from a URL', () => {
    expect(readTargetText(' mcp@http://h/ ')).toEqual({
      entry: 'mcp@http://h/',
      pin: 'mcp',
      address: 'http://h/',
      isSchemeAdded: false,
    })
    expect(readTargetText('rest@localhost:8080/doc')).toEqual({
      entry: 'rest@localhost:8080/doc',
      pin: 'rest',
      address: 'http://localhost:8080/doc',
      isSchemeAdded: true,
    })
    expect(readTargetText('http://user@h/').pin).toBeUndefined()
    expect(readTargetText('@http://h/').pin).toBeUndefined()
  })
})
