import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FormData } from 'undici'
import type { SigV4Marker } from '@wirebench/core'
import { signOutbound } from './sign-outbound.js'

const credentials: SigV4Marker = { accessKey: 'AK', secretKey: 'SK', region: 'eu-west-1', service: 'execute-api' }
const signingDate = new Date('2024-02-03T04:05:06Z')
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

describe('signing an outbound REST request', () => {
  it('signs the Host as sent: the URL’s host with a non-default port', async () => {
    const signed = await signOutbound(
      { url: 'http://127.0.0.1:8080/items', method: 'GET', headers: {} },
      { credentials, signingDate },
    )
    expect(signed.headers['host']).toBe('127.0.0.1:8080')
    expect(signed.headers['Authorization']).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/20240203\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    )
    expect(signed.headers['X-Amz-Date']).toBe('20240203T040506Z')
  })

  it('keeps a Host header the user set, and signs that one', async () => {
    const signed = await signOutbound(
      { url: 'https://10.0.0.1/items', method: 'GET', headers: { Host: 'api.example.com' } },
      { credentials, signingDate },
    )
    expect(signed.headers['Host']).toBe('api.example.com')
    expect(signed.headers['host']).toBeUndefined()
  })

  it('rewrites path and query into the strict encoding it signs, keeping order, repeats and literal pluses', async () => {
    const signed = await signOutbound(
      { url: "https://h.example/a%20b/it's(1)?tag=x&tag=y&q=1+1&sp=a%20b&flag#frag", method: 'GET', headers: {} },
      { credentials, signingDate },
    )
    expect(signed.url).toBe('https://h.example/a%20b/it%27s%281%29?tag=x&tag=y&q=1%2B1&sp=a%20b&flag=')
  })

  it('hashes the exact body: strings as UTF-8, buffers byte for byte, form parameters as encoded', async () => {
    const text = await signOutbound(
      { url: 'https://h.example/', method: 'POST', headers: {}, body: 'ä' },
      { credentials, signingDate },
    )
    expect(text.headers['X-Amz-Content-Sha256']).toBe(sha256('ä'))
    const form = await signOutbound(
      { url: 'https://h.example/', method: 'POST', headers: {}, body: new URLSearchParams({ a: '1 2' }) },
      { credentials, signingDate },
    )
    expect(form.headers['X-Amz-Content-Sha256']).toBe(sha256('a=1+2'))
  })

  it('refuses a streamed form body whose bytes are not known before sending', async () => {
    await expect(
      signOutbound({ url: 'https://h.example/', method: 'POST', headers: {}, body: new FormData() }, { credentials }),
    ).rejects.toThrow(/cannot be SigV4-signed/)
  })

  it('leaves the Cookie header unsigned when a jar will rewrite it', async () => {
    const request = { url: 'https://h.example/', method: 'GET', headers: { cookie: 'a=1' } }
    const withJar = await signOutbound(request, { credentials, signingDate, cookieJar: true })
    const without = await signOutbound(request, { credentials, signingDate })
    expect(withJar.headers['Authorization']).not.toContain('cookie')
    expect(without.headers['Authorization']).toContain('SignedHeaders=cookie;host;')
  })
})
