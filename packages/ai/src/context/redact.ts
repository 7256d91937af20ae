/**
 * Redaction of what the page sends for a chat, on the server (SECURITY.md: secrets never reach AI prompts): values
 * under credential-like names (auth headers, cookies, tokens, keys, passwords, mTLS material) are replaced whole,
 * bearer and basic credentials and JWTs anywhere in text are masked, and every known secret (the environment store's
 * values, in each spelling) is cut out of every string. The walk and the patterns are core's, shared with the page.
 */
import { PROMPT_MASK, maskCredentialText, redactForPrompt } from '@wirebench/core'

export const REDACTED = PROMPT_MASK

/** Masks credentials and every known secret in one string. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = maskCredentialText(text)
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED)
  return out
}

/** A deep copy fit for a prompt. `secrets`: longest first, so a longer spelling is replaced whole. */
export function redactForModel(value: unknown, secrets: readonly string[]): unknown {
  return redactForPrompt(value, (text) => redactText(text, secrets))
}
