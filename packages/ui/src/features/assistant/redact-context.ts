/**
 * The page's redaction of what the assistant hands a model (SECURITY.md: secrets never reach AI prompts). The server
 * redacts again; the page does not rely on it. Values under credential names (auth headers, cookies, tokens, keys,
 * passwords, mTLS markers) are replaced whole, bearer/basic credentials, JWTs and PEM blocks are masked anywhere in
 * text, and every secret value of the active environment (in each spelling `secretValuesOf` lists) is cut out.
 */
import { MASK, maskSecretValues } from '../response/secret-values.js'

const secretName =
  /(^|[-_.\s])(authorization|proxy-authorization|cookie|set-cookie|password|passwd|passphrase|secret|client[-_]?secret|token|access[-_]?token|refresh[-_]?token|id[-_]?token|api[-_]?key|apikey|x-api-key|private[-_]?key|privatekey|certificate|session[-_]?id|signature)$/i
const secretWords = /(password|secret|token|api[-_]?key|apikey|cookie|authorization|private[-_]?key|passphrase)/i
const credential = /\b(Bearer|Basic|Digest|Token)\s+[A-Za-z0-9._~+/=-]{4,}/gi
const jwt = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g
const pemBlock = /-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g
/** Metadata the workbench itself adds (mTLS material, cookie routing) is never context. */
const markerName = /^__workbench/i

export function isCredentialName(name: string): boolean {
  return markerName.test(name) || secretName.test(name) || secretWords.test(name)
}

export function redactText(text: string, secrets: readonly string[]): string {
  const masked = text
    .replace(pemBlock, MASK)
    .replace(jwt, MASK)
    .replace(credential, (_, scheme: string) => `${scheme} ${MASK}`)
  return maskSecretValues(masked, secrets)
}

/**
 * A deep copy fit for a prompt. A scalar under a credential name is replaced; an object under one is walked, so a
 * method's `token` field description survives while its value would not. `secrets`: longest first.
 */
export function redactForModel(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (depth > 64) return MASK
  if (typeof value === 'string') return redactText(value, secrets)
  if (Array.isArray(value)) return value.map((item) => redactForModel(item, secrets, depth + 1))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      const isScalar = typeof item === 'string' || typeof item === 'number'
      out[key] = isScalar && isCredentialName(key) ? MASK : redactForModel(item, secrets, depth + 1)
    }
    // A `{name, value}` pair (a header row): the name says whether the value is a credential.
    if (typeof out.name === 'string' && isCredentialName(out.name) && 'value' in out) out.value = MASK
    return out
  }
  return value
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
