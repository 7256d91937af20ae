import { describe, expect, it } from 'vitest'
import { maskHeaders, redactForModel, redactText } from './redact-context.js'

const CANARY = 'env-canary-5b1d8e'
const secrets = [CANARY, encodeURIComponent(CANARY)]

describe('redaction of what the assistant hands a model', () => {
  it('cuts environment secrets out of every string, wherever they sit', () => {
    const context = {
      request: { message: { note: `typed: ${CANARY}`, nested: [`a${CANARY}b`] } },
      response: { body: `{"echo":"${CANARY}"}` },
    }
    expect(JSON.stringify(redactForModel(context, secrets))).not.toContain(CANARY)
  })

  it('replaces values under credential names and keeps the rest', () => {
    const out = redactForModel(
      {
        Authorization: 'whatever',
        Cookie: 'sid=1',
        'X-Api-Key': 'k-123',
        access_token: 'abc',
        __workbench_client_cert: 'pem',
        'X-Trace': 'visible-trace-id',
        headers: [
          { name: 'Set-Cookie', value: 'session=zzz' },
          { name: 'Accept', value: 'application/json' },
        ],
      },
      [],
    )
    expect(out).toEqual({
      Authorization: '***',
      Cookie: '***',
      'X-Api-Key': '***',
      access_token: '***',
      __workbench_client_cert: '***',
      'X-Trace': 'visible-trace-id',
      headers: [
        { name: 'Set-Cookie', value: '***' },
        { name: 'Accept', value: 'application/json' },
      ],
    })
  })

  it('walks an object under a credential name, so a field named token keeps its description', () => {
    const field = { token: { type: 'string', description: 'The session token' } }
    expect(redactForModel(field, [])).toEqual(field)
  })

  it('masks bearer credentials, JWTs and PEM blocks inside text', () => {
    const text =
      'Bearer abcdef123 then eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig and -----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----'
    expect(redactText(text, [])).toBe('Bearer *** then *** and ***')
  })

  it('masks credential headers and secret values for the invoke confirmation', () => {
    expect(maskHeaders({ Authorization: 'Bearer x', 'X-Note': `n ${CANARY}`, Accept: 'a' }, secrets)).toEqual({
      Authorization: '***',
      'X-Note': 'n ***',
      Accept: 'a',
    })
  })
})
