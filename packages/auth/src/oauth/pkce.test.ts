import { describe, expect, it } from 'vitest'
import { codeChallengeS256, createCodeVerifier, createState } from './pkce.js'

describe('PKCE', () => {
  it('derives the RFC 7636 Appendix B challenge from its verifier', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('makes 43-character unreserved verifiers and distinct states', () => {
    const verifier = createCodeVerifier()
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(createCodeVerifier()).not.toBe(verifier)
    expect(createState()).not.toBe(createState())
  })
})
