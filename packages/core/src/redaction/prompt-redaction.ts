/**
 * Redaction of what goes into an AI prompt (SECURITY.md: secrets never reach AI prompts), shared by the page, which
 * redacts before anything leaves it, and the AI package, which redacts again on the server. Values under
 * credential-like names (auth headers, cookies, tokens, keys, passwords, mTLS markers) are replaced whole; bearer/basic
 * credentials, JWTs and PEM blocks are masked anywhere in text; each side then cuts out the secret values it knows.
 */
export const PROMPT_MASK = '***'

const secretName =
  /(^|[-_.\s])(authorization|proxy-authorization|cookie|set-cookie|password|passwd|passphrase|secret|client[-_]?secret|token|access[-_]?token|refresh[-_]?token|id[-_]?token|api[-_]?key|apikey|x-api-key|private[-_]?key|privatekey|certificate|session[-_]?id|signature)$/i
const secretWords = /(password|secret|token|api[-_]?key|apikey|cookie|authorization|private[-_]?key|passphrase)/i
const credential = /\b(Bearer|Basic|Digest|Token)\s+[A-Za-z0-9._~+/=-]{4,}/gi
const jwt = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g
const pemBlock = /-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g
/** Markers the workbench puts in metadata (mTLS material, cookie routing) are never context. */
const markerName = /^__workbench/i

/** Whether a field or header of this name holds a credential. */
export function isCredentialName(name: string): boolean {
  return markerName.test(name) || secretName.test(name) || secretWords.test(name)
}

/** `text` with credentials in it (PEM blocks, JWTs, `Bearer …`/`Basic …`) masked. */
export function maskCredentialText(text: string): string {
  return text
    .replace(pemBlock, PROMPT_MASK)
    .replace(jwt, PROMPT_MASK)
    .replace(credential, (_, scheme: string) => `${scheme} ${PROMPT_MASK}`)
}

const isScalar = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number'

/**
 * A deep copy fit for a prompt, every string passed through `redactText`. A scalar under a credential name is
 * replaced, and so is each scalar of a list under one (`set-cookie: [...]`, `tokens: [...]`); an object under one is
 * walked, so a method's `token` field description survives while its value would not.
 */
export function redactForPrompt(value: unknown, redactText: (text: string) => string, depth = 0): unknown {
  if (depth > 64) return PROMPT_MASK
  if (typeof value === 'string') return redactText(value)
  if (Array.isArray(value)) return value.map((item) => redactForPrompt(item, redactText, depth + 1))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      if (!isCredentialName(key)) out[key] = redactForPrompt(item, redactText, depth + 1)
      else if (isScalar(item)) out[key] = PROMPT_MASK
      else if (Array.isArray(item))
        out[key] = item.map((entry) => (isScalar(entry) ? PROMPT_MASK : redactForPrompt(entry, redactText, depth + 2)))
      else out[key] = redactForPrompt(item, redactText, depth + 1)
    }
    // A `{name, value}` pair (a header row): the name says whether the value is a credential.
    if (typeof out.name === 'string' && isCredentialName(out.name) && 'value' in out) out.value = PROMPT_MASK
    return out
  }
  return value
}
