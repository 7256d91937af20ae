import { describe, expect, it } from 'vitest'
import { isSchemelessAddress, readTargetText, targetTextProblem, withDefaultScheme } from './target-text.js'

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

describe('targetTextProblem', () => {
  const schemes = ['http:', 'https:', 'ws:', 'wss:', 'grpc:', 'grpcs:']
  const problem = (raw: string) => targetTextProblem(readTargetText(raw), schemes)

  it('accepts addresses, pinned or not, with a scheme or without one', () => {
    for (const raw of [
      'http://localhost:8080/openapi.json',
      'rest@http://h/doc.yaml',
      'localhost:8080/x',
      'grpc@127.0.0.1:50051',
      'ws://[::1]:9/socket',
      'grpcs://h:443',
    ]) {
      expect(problem(raw), raw).toBeUndefined()
    }
  })

  it('names what is wrong with entries no plugin could discover, and what to write', () => {
    expect(problem('rest@')).toBe(
      '"rest@" names the plugin rest but no address after the @: write rest@http://host:port/… to pin it, or the URL alone to let every plugin try it.',
    )
    expect(problem('http://')).toBe(
      '"http://" has no host: write the server\'s address after http://, e.g. http://localhost:8080/openapi.json.',
    )
    expect(problem('rest@https://')).toMatch(/^"rest@https:\/\/" has no host/)
    expect(problem('ftp://x/y')).toBe(
      '"ftp://x/y" uses ftp://, which no plugin speaks: use http, https, ws, wss, grpc, grpcs.',
    )
    expect(problem('localhost:abc')).toMatch(/^"localhost:abc" is not a URL: write scheme:\/\/host:port\/path/)
  })

  it("admits any scheme when a plugin reads any (a sidecar's mqtt://), still refusing an address without a host", () => {
    const anyProblem = (raw: string) => targetTextProblem(readTargetText(raw), 'any')
    expect(anyProblem('mqtt://127.0.0.1:1883')).toBeUndefined()
    expect(anyProblem('toy@toy://127.0.0.1:9')).toBeUndefined()
    expect(anyProblem('mqtt://')).toMatch(/^"mqtt:\/\/" has no host/)
    expect(anyProblem('rest@')).toMatch(/no address after the @/)
  })
})
