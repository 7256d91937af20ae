/** PKCE (RFC 7636) with the S256 method: a random verifier and base64url(SHA-256(verifier)) as the challenge. */
import { bytesToBase64Url, randomBase64Url, utf8Bytes } from '../encoding/base64.js'

/** 32 random bytes give a 43-character verifier, the minimum RFC 7636 §4.1 allows, with 256 bits of entropy. */
export function createCodeVerifier(): string {
  return randomBase64Url(32)
}

export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', utf8Bytes(verifier))
  return bytesToBase64Url(new Uint8Array(digest))
}

/** A random CSRF `state` (128 bits). */
export function createState(): string {
  return randomBase64Url(16)
}
