/**
 * What history keeps of a request and its answer, with every secret value out: the values of the environment store
 * (every variable, every secret auth field, in each spelling they travel in) wherever they appear, and the value of
 * a credential header typed literally. `${var}` references stay as typed: they are what the user wrote.
 */
import { basicCredentials, secretFieldsOf, substituteAuthConfig, substitutionFor } from '@wirebench/auth'
import type { AuthConfig, EnvironmentsDocument } from '@wirebench/auth'
import { expandSecrets, redactSecrets } from './secret-spellings.js'

const REDACTED = '***'
const credentialHeaders = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key'])
/** A value made only of `${…}` references (and spaces or a scheme word) holds no secret itself. */
const onlyReferences = /^\s*(?:[A-Za-z]+\s+)?(?:\$\{[^}]*\}\s*)+$/

/** Every value the environment store holds that may be secret, in every spelling, longest first. */
export function environmentSecrets(document: EnvironmentsDocument): string[] {
  const values: string[] = []
  for (const environment of document.environments) {
    for (const value of Object.values(environment.vars)) if (value !== '') values.push(value)
    // As typed and as sent (with `${var}`s filled in): either may be echoed back.
    const typed = environment.auth as AuthConfig & Record<string, unknown>
    const sent = substituteAuthConfig(environment.auth, substitutionFor(environment)).value
    for (const auth of [typed, sent as AuthConfig & Record<string, unknown>]) {
      for (const key of secretFieldsOf(auth)) {
        const value = auth[key]
        if (typeof value === 'string' && value !== '') values.push(value)
      }
    }
    // Basic auth travels as base64 of the whole `user:password` pair, whose characters line up with the password's
    // own base64 only when the user name is a multiple of three bytes long.
    if (sent.type === 'basic' && sent.password !== '') values.push(basicCredentials(sent.username, sent.password))
  }
  return expandSecrets(values)
}

/** A deep copy with every string scrubbed of `secrets`. */
export function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return secrets.length === 0 ? value : redactSecrets(value, secrets)
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item, secrets)
    return out
  }
  return value
}

/** Header values: scrubbed, and a credential header typed literally replaced whole. */
export function redactHeaders(
  headers: Readonly<Record<string, string>>,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const isLiteralCredential = credentialHeaders.has(name.toLowerCase()) && !onlyReferences.test(value)
    out[name] = isLiteralCredential ? REDACTED : redactSecrets(value, secrets)
  }
  return out
}
