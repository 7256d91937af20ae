/**
 * The credentials the auth step computed for a call (a Basic pair in base64, an OAuth or custom token, a signed JWT, an
 * API key header or query value), named so a code export can write each back as a `${name}` reference. Only the page
 * knows these values: they are derived from the configuration, so the server's own list of secrets cannot match them.
 */
import { API_KEY_QUERY_MARKER, getHeader, isMarkerKey } from '@wirebench/core'
import type { ExportVariable } from '@wirebench/core'

/** `Authorization: <scheme> <credentials>`: the reference keeps the scheme word and names the credentials. */
const schemeNames: Readonly<Record<string, string>> = { basic: 'basicCredentials', bearer: 'accessToken' }

/**
 * Every value the auth step added to `prepared` that the user did not write in `written` (user headers win over auth
 * headers, so a header the user wrote is theirs), as a secret export variable.
 */
export function authExportVariables(
  written: Readonly<Record<string, string>> | undefined,
  prepared: Readonly<Record<string, string>>,
): ExportVariable[] {
  const variables: ExportVariable[] = []
  for (const [name, value] of Object.entries(prepared)) {
    if (name.toLowerCase() === API_KEY_QUERY_MARKER.toLowerCase()) variables.push(...apiKeyQueryVariables(value))
    if (isMarkerKey(name) || value === '' || getHeader(written ?? {}, name) !== undefined) continue
    const scheme = /^([A-Za-z][\w-]*) +(\S.*)$/.exec(value)
    if (scheme && name.toLowerCase() === 'authorization') {
      const word = scheme[1]!.toLowerCase()
      variables.push({ name: schemeNames[word] ?? `${camelCase(word)}Credentials`, value: scheme[2]!, isSecret: true })
    } else {
      variables.push({ name: camelCase(name), value, isSecret: true })
    }
  }
  return variables
}

/** The names of the headers the auth step set (not written by the user): `wirebench call --env` sets them itself. */
export function authHeaderNames(
  written: Readonly<Record<string, string>> | undefined,
  prepared: Readonly<Record<string, string>>,
): string[] {
  return Object.keys(prepared).filter((name) => !isMarkerKey(name) && getHeader(written ?? {}, name) === undefined)
}

function apiKeyQueryVariables(marker: string): ExportVariable[] {
  let params: unknown
  try {
    params = JSON.parse(marker)
  } catch {
    return []
  }
  if (!Array.isArray(params)) return []
  return params.flatMap((param: unknown) => {
    if (typeof param !== 'object' || param === null) return []
    const { name, value } = param as { name?: unknown; value?: unknown }
    if (typeof name !== 'string' || typeof value !== 'string' || value === '') return []
    return [{ name: camelCase(name), value, isSecret: true }]
  })
}

/** `X-API-Key` → `xApiKey`, `api_key` → `apiKey`: a variable name the CLI's `--var` and the shell accept. */
function camelCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== '')
  const joined = words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('')
  return /^[A-Za-z_]/.test(joined) ? joined : `key${joined}`
}
