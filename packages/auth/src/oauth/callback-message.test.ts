import { describe, expect, it } from 'vitest'
import { OAUTH_CALLBACK_MESSAGE_TYPE, readOAuthCallbackMessage } from './callback-message.js'

const origin = 'http://localhost:5080'
const read = (data: unknown, from = origin) => readOAuthCallbackMessage({ data, origin: from, expectedOrigin: origin })

describe('readOAuthCallbackMessage', () => {
  it('accepts the callback page message from our own origin', () => {
    expect(read({ type: OAUTH_CALLBACK_MESSAGE_TYPE, code: 'c', state: 's' })).toEqual({
      ok: true,
      code: 'c',
      state: 's',
    })
  })

  it("passes the callback's issuer (RFC 9207) on for the workbench to check", () => {
    expect(read({ type: OAUTH_CALLBACK_MESSAGE_TYPE, code: 'c', state: 's', iss: 'https://as.example' })).toEqual({
      ok: true,
      code: 'c',
      state: 's',
      iss: 'https://as.example',
    })
  })

  it('reports a provider error, which wins over a code', () => {
    expect(
      read({ type: OAUTH_CALLBACK_MESSAGE_TYPE, code: '', state: 's', error: 'access_denied', errorDescription: 'no' }),
    ).toEqual({
      ok: false,
      state: 's',
      error: 'access_denied',
      errorDescription: 'no',
    })
  })

  it('ignores other origins, other message types and malformed messages', () => {
    expect(read({ type: OAUTH_CALLBACK_MESSAGE_TYPE, code: 'c', state: 's' }, 'https://evil.example')).toBeUndefined()
    expect(read({ type: 'something-else', code: 'c', state: 's' })).toBeUndefined()
    expect(read({ type: OAUTH_CALLBACK_MESSAGE_TYPE, code: 'c' })).toBeUndefined()
    expect(read({ type: OAUTH_CALLBACK_MESSAGE_TYPE, code: 'c', state: '' })).toBeUndefined()
    expect(read({ type: OAUTH_CALLBACK_MESSAGE_TYPE, code: 'x'.repeat(5000), state: 's' })).toBeUndefined()
    expect(read('wirebench-oauth-callback')).toBeUndefined()
    expect(read(null)).toBeUndefined()
  })
})
