/**
 * The active environment's secret values and their masking in what the response pane shows of a sent request. The
 * server masks credentials it can recognise by name; a secret can also travel in a header of any name, a query
 * parameter or the body, and only the browser knows the environment's values, so it masks them here too.
 */
import {
  basicCredentials,
  secretFieldsOf,
  substituteAuthConfig,
  substitutionFor,
  type Environment,
} from '@wirebench/auth'
import { autoSecretVariables } from '../environments/variable-rules.js'

export const MASK = '***'

/** Shorter values are left alone: masking every `ab` in a request would hide more than it protects. */
const MIN_SECRET_LENGTH = 4

/**
 * Every value of the environment that is a secret: its secret auth fields with variables substituted (what went on the
 * wire), and the variables that are secret (referenced by a secret field, named like one, or marked by the user).
 */
export function secretValuesOf(environment: Environment | null, marked: readonly string[]): string[] {
  if (!environment) return []
  const { auth, vars } = environment
  const secretKeys = secretFieldsOf(auth)
  const values = new Set<string>()
  const substituted = substituteAuthConfig(auth, substitutionFor(environment)).value as unknown as Record<
    string,
    unknown
  >
  for (const key of secretKeys) {
    const value = substituted[key]
    if (typeof value === 'string') values.add(value)
  }
  // Basic auth goes out as base64 of the whole `user:password` pair, which the password's own spellings miss.
  const { type, username, password } = substituted
  if (type === 'basic' && typeof username === 'string' && typeof password === 'string' && password !== '') {
    values.add(basicCredentials(username, password).slice('Basic '.length))
  }
  for (const name of [...autoSecretVariables(auth, secretKeys, vars), ...marked]) {
    const value = vars[name]
    if (value !== undefined) values.add(value)
  }
  return withEncodings([...values].filter((value) => value.length >= MIN_SECRET_LENGTH))
}

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1)

/**
 * Each value as it may appear on the wire: as is, URL-encoded (a query, a form) and JSON-escaped (a JSON body) — and
 * JSON-escaped twice, as a JSON body sent as text is once the console writes its entry as a line.
 */
function withEncodings(values: readonly string[]): string[] {
  const all = new Set<string>()
  for (const value of values) {
    all.add(value)
    all.add(encodeURIComponent(value))
    all.add(new URLSearchParams({ v: value }).toString().slice(2))
    all.add(jsonEscaped(value))
    all.add(jsonEscaped(jsonEscaped(value)))
  }
  // Longest first, so a value that contains another is masked whole.
  return [...all].sort((a, b) => b.length - a.length)
}

export function maskSecretValues(text: string, secrets: readonly string[]): string {
  let masked = text
  for (const secret of secrets) if (masked.includes(secret)) masked = masked.split(secret).join(MASK)
  return masked
}
