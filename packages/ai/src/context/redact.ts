/**
 * Redaction of what the page sends for a chat, on the server (SECURITY.md: secrets never reach AI prompts): values
 * under credential-like names (auth headers, cookies, tokens, keys, passwords, mTLS material) are replaced whole,
 * bearer and basic credentials and JWTs anywhere in text are masked, and every known secret (the environment store's
 * values, in each spelling) is cut out of every string. Objects under such names are walked, not dropped, so a
 * method's `token` field description survives.
 */
export const REDACTED = '***'

const secretName =
  /(^|[-_.\s])(authorization|proxy-authorization|cookie|set-cookie|password|passwd|passphrase|secret|client[-_]?secret|token|access[-_]?token|refresh[-_]?token|id[-_]?token|api[-_]?key|apikey|x-api-key|private[-_]?key|privatekey|certificate|session[-_]?id|signature)$/i
const secretWords = /(password|secret|token|api[-_]?key|apikey|cookie|authorization|private[-_]?key|passphrase)/i
const credential = /\b(Bearer|Basic|Digest|Token)\s+[A-Za-z0-9._~+/=-]{4,}/gi
const jwt = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g
const pemBlock = /-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g
/** Markers the workbench puts in metadata (mTLS material, cookie routing) are never context. */
const markerName = /^__workbench/i

function isSecretName(name: string): boolean {
  return markerName.test(name) || secretName.test(name) || secretWords.test(name)
}

/** Masks credentials and every known secret in one string. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text
    .replace(pemBlock, REDACTED)
    .replace(jwt, REDACTED)
    .replace(credential, (_, scheme: string) => `${scheme} ${REDACTED}`)
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED)
  return out
}

/** A deep copy fit for a prompt. `secrets`: longest first, so a longer spelling is replaced whole. */
export function redactForModel(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (depth > 64) return REDACTED
  if (typeof value === 'string') return redactText(value, secrets)
  if (Array.isArray(value)) return value.map((item) => redactForModel(item, secrets, depth + 1))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      const isScalar = typeof item === 'string' || typeof item === 'number'
      out[key] = isScalar && isSecretName(key) ? REDACTED : redactForModel(item, secrets, depth + 1)
    }
    // A header list of `{name, value}` pairs: the name says whether the value is a credential.
    if (typeof out.name === 'string' && isSecretName(out.name) && 'value' in out) out.value = REDACTED
    return out
  }
  return value
}
