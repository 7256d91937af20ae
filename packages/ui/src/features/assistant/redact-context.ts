/**
 * The page's redaction of what the assistant hands a model (SECURITY.md: secrets never reach AI prompts). The server
 * redacts again; the page does not rely on it. Values under credential names (auth headers, cookies, tokens, keys,
 * passwords, mTLS markers) are replaced whole, bearer/basic credentials, JWTs and PEM blocks are masked anywhere in
 * text, and every secret value of the active environment (in each spelling `secretValuesOf` lists) is cut out.
 */
import { isCredentialName, maskCredentialText, redactForPrompt } from '@wirebench/core'
import { MASK, maskSecretValues } from '../response/secret-values.js'

export { isCredentialName }

export function redactText(text: string, secrets: readonly string[]): string {
  return maskSecretValues(maskCredentialText(text), secrets)
}

/** A deep copy fit for a prompt (core's walk); `secrets`: longest first. */
export function redactForModel(value: unknown, secrets: readonly string[]): unknown {
  return redactForPrompt(value, (text) => redactText(text, secrets))
}

/** Headers for the invoke confirmation: credential names and environment secrets masked, the rest as sent. */
export function maskHeaders(
  headers: Readonly<Record<string, string>>,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    out[name] = isCredentialName(name) ? MASK : redactText(value, secrets)
  }
  return out
}
