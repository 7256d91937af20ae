import { FormData } from 'undici'
import { describe, expect, it } from 'vitest'
import { SENT_BODY_LIMIT_BYTES, describeSentRequest, maskQuery, parseRawHead } from './sent-request.js'

describe('describeSentRequest', () => {
  it('reads the request line and headers undici wrote, masking credentials by name and API-key query values', () => {
    const rawHead =
      'POST /orders/1?wait=0&api_key=k-123 HTTP/1.1\r\nhost: api.test\r\nconnection: keep-alive\r\n' +
      'authorization: Bearer t-1\r\nCookie: a=b\r\nx-api-key: k-2\r\ncontent-type: application/json\r\n'
    const sent = describeSentRequest({
      method: 'POST',
      url: 'https://api.test/orders/1?wait=0',
      headers: {},
      body: '{"a":1}',
      rawHead,
      secretQueryNames: ['api_key'],
    })
    expect(sent).toEqual({
      method: 'POST',
      url: 'https://api.test/orders/1?wait=0&api_key=***',
      headers: [
        ['host', 'api.test'],
        ['connection', 'keep-alive'],
        ['authorization', '***'],
        ['cookie', '***'],
        ['x-api-key', '***'],
        ['content-type', 'application/json'],
      ],
      body: '{"a":1}',
      bodyBytes: 7,
    })
  })

  it('falls back to the headers handed to the transport when the head was not seen', () => {
    const sent = describeSentRequest({
      method: 'GET',
      url: 'http://h/x',
      headers: { Authorization: 'Basic abc', accept: 'application/json' },
    })
    expect(sent.headers).toEqual([
      ['Authorization', '***'],
      ['accept', 'application/json'],
    ])
  })

  it('shows text bodies (cut at the limit), summarises binary ones and multipart forms', () => {
    const long = 'x'.repeat(SENT_BODY_LIMIT_BYTES + 10)
    expect(describeSentRequest({ method: 'POST', url: 'http://h/', headers: {}, body: long })).toMatchObject({
      bodyBytes: SENT_BODY_LIMIT_BYTES + 10,
      bodyTruncated: true,
    })
    const binary = describeSentRequest({
      method: 'PUT',
      url: 'http://h/',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([0, 255, 1]),
    })
    expect(binary).toMatchObject({ bodySummary: 'application/octet-stream: 3 bytes', bodyBytes: 3 })
    expect(binary.body).toBeUndefined()
    const xml = describeSentRequest({
      method: 'POST',
      url: 'http://h/',
      headers: { 'content-type': 'application/xml' },
      body: Buffer.from('<a/>'),
    })
    expect(xml.body).toBe('<a/>')
    const form = new FormData()
    form.append('note', 'hi')
    form.append('photo', new Blob([new Uint8Array(12)]), 'cat.png')
    expect(describeSentRequest({ method: 'POST', url: 'http://h/', headers: {}, body: form }).bodySummary).toBe(
      'multipart/form-data, 2 parts: note = hi; photo (file cat.png, 12 bytes)',
    )
  })
})

describe('maskQuery and parseRawHead', () => {
  it('masks only the named parameters, decoding their names, and keeps the fragment', () => {
    expect(maskQuery('http://h/p?a=1&api%5Fkey=s&b=2#top', new Set(['api_key']))).toBe(
      'http://h/p?a=1&api%5Fkey=***&b=2#top',
    )
    expect(maskQuery('http://h/p', new Set(['k']))).toBe('http://h/p')
  })

  it('splits a head into method, target and lower-case headers', () => {
    expect(parseRawHead('GET /a?b HTTP/1.1\r\nHost: h\r\nX-Odd:  v: w \r\n')).toEqual({
      method: 'GET',
      target: '/a?b',
      headers: [
        ['host', 'h'],
        ['x-odd', 'v: w'],
      ],
    })
  })
})
