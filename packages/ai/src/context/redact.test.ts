import { describe, expect, it } from 'vitest'
import { redactForModel, redactText } from './redact.js'

describe('redaction for the model', () => {
  it('replaces values under credential names and keeps the rest of the shape', () => {
    const out = redactForModel(
      {
        metadata: { Authorization: 'Bearer abc123456', Cookie: 'sid=1234', 'X-Api-Key': 'k-1234', Accept: 'json' },
        body: { password: 'hunter22', refresh_token: 'rt-1234', name: 'Ada' },
        __workbenchMtls__: '{"privateKey":"x"}',
        fields: [{ name: 'token', type: 'string' }],
        headers: [{ name: 'Set-Cookie', value: 'sid=99999' }],
      },
      [],
    )
    expect(out).toEqual({
      metadata: { Authorization: '***', Cookie: '***', 'X-Api-Key': '***', Accept: 'json' },
      body: { password: '***', refresh_token: '***', name: 'Ada' },
      __workbenchMtls__: '***',
      fields: [{ name: 'token', type: 'string' }],
      headers: [{ name: 'Set-Cookie', value: '***' }],
    })
  })

  it('masks bearer credentials, JWTs, PEM blocks and every known secret inside free text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJl'
    const text = `curl -H "Authorization: Bearer live-token-1" -d '{"k":"known-secret-value"}' ${jwt}\n-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----`
    const out = redactText(text, ['known-secret-value'])
    expect(out).toBe(`curl -H "Authorization: Bearer ***" -d '{"k":"***"}' ***\n***`)
  })
})
