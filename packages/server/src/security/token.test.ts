import { describe, expect, it } from 'vitest'
import { createSessionToken, createTokenCheck } from './token.js'

describe('createTokenCheck', () => {
  it('accepts exactly the token, request after request, whatever came in between', () => {
    const token = createSessionToken()
    const check = createTokenCheck(token)
    const wrong = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`
    const sequence: Array<[string | undefined, boolean]> = [
      [token, true],
      [wrong, false],
      [token, true],
      [undefined, false],
      ['', false],
      [token.slice(0, 32), false],
      [`${token}0`, false],
      // As many characters as the token, more bytes: refused on length, never written past the kept buffer.
      [`é${token.slice(1)}`, false],
      [`${token.slice(0, 62)}é`, false],
      [token.toUpperCase() === token ? `${token.slice(0, 63)}x` : token.toUpperCase(), false],
      [token, true],
    ]
    for (const [given, expected] of sequence) expect(check(given)).toBe(expected)
  })
})
