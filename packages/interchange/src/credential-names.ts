/**
 * Whether a header, query parameter or variable name says its value is a credential. Imports move such values out
 * of the requests (into `${var}` references whose values go to an environment), so none lands in a workspace file.
 */

/** Substrings that mark a credential in a name, matched against the name lowercased with `-` and `.` as `_`. */
const credentialParts = [
  'token',
  'secret',
  'password',
  'passwd',
  'api_key',
  'apikey',
  'csrf',
  'xsrf',
  'cookie',
  'session',
  'credential',
  'private_key',
  'signature',
]

/** `auth` and `authorization` are credentials, `author` is not; a bare `key` or `sig` (Google, Azure SAS) is. */
const credentialPattern = /auth(?!or(?!iz))|^(?:key|sig|code)$/

export function isCredentialName(name: string): boolean {
  const normalised = name.toLowerCase().replace(/[-.\s]/g, '_')
  return credentialParts.some((part) => normalised.includes(part)) || credentialPattern.test(normalised)
}

/** The variable name a credential of this header or parameter name gets (`X-CSRF-Token` → `x_csrf_token`). */
export function secretNameOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'secret'
  )
}
