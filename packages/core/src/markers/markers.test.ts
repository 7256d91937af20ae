import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '../errors/workbench-error.js'
import { appendQueryParams, getHeader, mergeHeaders } from './headers.js'
import { splitMarkers } from './markers.js'

describe('splitMarkers', () => {
  it('moves marker keys out of the headers, whatever their case', () => {
    const { headers, markers } = splitMarkers({
      Accept: 'application/json',
      __workbenchMtls__: JSON.stringify({ certificate: 'C', privateKey: 'K', allowSelfSigned: true }),
      __WORKBENCHCOOKIEENV__: 'dev',
      __workbenchApiKeyQuery__: JSON.stringify({ name: 'api key', value: 'v&1' }),
      __workbenchSigV4__: JSON.stringify({ accessKey: 'A', secretKey: 'S', region: 'r', service: 's' }),
    })
    expect(headers).toEqual({ Accept: 'application/json' })
    expect(markers.mtls).toEqual({ certificate: 'C', privateKey: 'K', allowSelfSigned: true })
    expect(markers.cookieEnv).toBe('dev')
    expect(markers.apiKeyQuery).toEqual([{ name: 'api key', value: 'v&1' }])
    expect(markers.sigv4?.region).toBe('r')
  })

  it('names the marker and the missing members when a payload is incomplete', () => {
    expect(() => splitMarkers({ __workbenchMtls__: '{"certificate":"C"}' })).toThrow(
      /__workbenchMtls__ is missing privateKey/,
    )
    expect(() => splitMarkers({ __workbenchSigV4__: 'not json' })).toThrow(WorkbenchError)
  })
})

describe('mergeHeaders', () => {
  it('keeps the user value on a case-insensitive collision', () => {
    expect(mergeHeaders({ authorization: 'Manual' }, { Authorization: 'Bearer x', 'X-Extra': '1' })).toEqual({
      authorization: 'Manual',
      'X-Extra': '1',
    })
  })

  it('reads headers case-insensitively', () => {
    expect(getHeader({ 'Content-Type': 'a' }, 'content-type')).toBe('a')
  })
})

describe('appendQueryParams', () => {
  it('uses ? without a query string and & with one, escaping names and values', () => {
    expect(appendQueryParams('https://h/p', [{ name: 'api key', value: 'a&b=c' }])).toBe(
      'https://h/p?api%20key=a%26b%3Dc',
    )
    expect(appendQueryParams('https://h/p?x=1', [{ name: 'k', value: 'v' }])).toBe('https://h/p?x=1&k=v')
  })

  it('keeps the fragment after the query', () => {
    expect(appendQueryParams('https://h/p#frag', [{ name: 'k', value: 'v' }])).toBe('https://h/p?k=v#frag')
  })
})

describe('the trust marker', () => {
  it('is split out of the headers with its CA and allowSelfSigned', () => {
    const { headers, markers } = splitMarkers({
      Authorization: 'Bearer t',
      __workbenchTrust__: JSON.stringify({ caCertificate: 'PEM', allowSelfSigned: true }),
    })
    expect(headers).toEqual({ Authorization: 'Bearer t' })
    expect(markers.trust).toEqual({ caCertificate: 'PEM', allowSelfSigned: true })
  })

  it('leaves an empty payload out, so the call keeps the default trust', () => {
    const { headers, markers } = splitMarkers({
      __workbenchTrust__: JSON.stringify({ caCertificate: ' ', allowSelfSigned: false }),
    })
    expect(headers).toEqual({})
    expect(markers.trust).toBeUndefined()
  })

  it('names the member of the wrong type', () => {
    expect(() => splitMarkers({ __workbenchTrust__: '{"allowSelfSigned":"yes"}' })).toThrow(
      /allowSelfSigned must be true or false/,
    )
    expect(() => splitMarkers({ __workbenchTrust__: '{"caCertificate":1}' })).toThrow(/caCertificate must be a PEM/)
  })
})
