import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { CustomTokenRequest } from '@wirebench/auth'
import { bodySecrets, clientSecretBasic, customTokenHeaders, tokenForm } from './token-requests.js'
import { redactSecrets } from './secret-spellings.js'

const custom = (overrides: Partial<CustomTokenRequest> = {}): CustomTokenRequest => ({
  tokenUrl: 'http://127.0.0.1:1/login',
  method: 'POST',
  contentType: 'application/json',
  body: '{}',
  headers: {},
  ...overrides,
})

describe('token request parts', () => {
  it('leaves empty fields out of the form', () => {
    expect(tokenForm({ grant_type: 'client_credentials', scope: '', audience: 'api' }).toString()).toBe(
      'grant_type=client_credentials&audience=api',
    )
  })

  it('form-encodes the client id and secret before base64 (RFC 6749 §2.3.1)', () => {
    const header = clientSecretBasic('my client', 'p@ss:wörd+')
    const decoded = Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8')
    expect(decoded).toBe('my+client:p%40ss%3Aw%C3%B6rd%2B')
  })

  it('sends the content type with a body and defaults Accept, but lets the user override both', () => {
    expect(customTokenHeaders(custom(), true)).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
    })
    expect(customTokenHeaders(custom({ method: 'GET' }), false)).toEqual({ accept: 'application/json' })
    const headers = customTokenHeaders(
      custom({ headers: { 'Content-Type': 'text/plain', Accept: '*/*', 'X-K': 'v' } }),
      true,
    )
    expect(headers).toEqual({ 'content-type': 'text/plain', accept: '*/*', 'x-k': 'v' })
  })

  it('refuses header names that are not tokens, framing headers and values with line breaks', () => {
    const refused = (headers: Record<string, string>) => () => customTokenHeaders(custom({ headers }), true)
    const cases: Array<Record<string, string>> = [
      { 'bad name': 'v' },
      { Host: 'evil' },
      { 'Content-Length': '1' },
      { 'X-A': 'v\r\nX-B: w' },
    ]
    for (const headers of cases) {
      expect(refused(headers)).toThrow(WorkbenchError)
    }
  })

  it('finds the string values inside a JSON or form body so they can be scrubbed from messages', () => {
    expect(bodySecrets('{"user":"u1","creds":{"password":"pw-123"},"n":[1,"x"]}')).toEqual([
      '{"user":"u1","creds":{"password":"pw-123"},"n":[1,"x"]}',
      'u1',
      'pw-123',
      'x',
    ])
    expect(bodySecrets('user=u1&password=pw-123')).toEqual(['user=u1&password=pw-123', 'u1', 'pw-123'])
  })

  it('replaces every secret of four characters or more with ***', () => {
    expect(redactSecrets('bad secret pw-123 for pw-123, id ab', ['pw-123', 'ab'])).toBe('bad secret *** for ***, id ab')
  })
})
