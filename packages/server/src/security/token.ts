/** The per-launch session token: 256 random bits, compared in constant time. */
import { randomBytes, timingSafeEqual } from 'node:crypto'

export function createSessionToken(): string {
  return randomBytes(32).toString('hex')
}

export function tokensMatch(expected: string, given: string | undefined): boolean {
  return createTokenCheck(expected)(given)
}

/** `tokensMatch` with the expected token encoded once, for the per-request gate. */
export function createTokenCheck(expected: string): (given: string | undefined) => boolean {
  const a = Buffer.from(expected, 'utf8')
  return (given) => {
    if (given === undefined) return false
    const b = Buffer.from(given, 'utf8')
    // timingSafeEqual needs equal lengths; the token length is public, so an early length check leaks nothing.
    return a.length === b.length && timingSafeEqual(a, b)
  }
}
