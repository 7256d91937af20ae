/** The per-launch session token: 256 random bits, compared in constant time, replaced when it may have leaked. */
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
  // The given token is written into one buffer kept for the purpose rather than a new one per request (the check is
  // synchronous, so no two requests share it at once).
  const given = Buffer.alloc(a.length)
  return (text) => {
    if (text === undefined) return false
    // timingSafeEqual needs equal lengths; the token length is public, so an early length check leaks nothing.
    if (Buffer.byteLength(text, 'utf8') !== a.length) return false
    given.write(text, 'utf8')
    return timingSafeEqual(a, given)
  }
}

/** The session token of a running workbench: checked on every API request, replaced at once when it may be stolen. */
export interface SessionToken {
  readonly value: string
  matches(given: string | undefined): boolean
  /** Makes a new token; the old one stops working at once. Returns the new one. */
  rotate(): string
  /** Called with the new token after each rotation; returns the unsubscribe function. */
  onRotate(listener: (token: string) => void): () => void
}

export function createSessionTokenHolder(initial: string): SessionToken {
  let value = initial
  let check = createTokenCheck(initial)
  const listeners = new Set<(token: string) => void>()
  return {
    get value() {
      return value
    },
    matches: (given) => check(given),
    rotate() {
      value = createSessionToken()
      check = createTokenCheck(value)
      for (const listener of listeners) listener(value)
      return value
    },
    onRotate(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
