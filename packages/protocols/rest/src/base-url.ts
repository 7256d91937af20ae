/**
 * Where calls go: `servers[0].url` (variables at their defaults) or Swagger 2.0 `schemes`/`host`/`basePath`, and the
 * `servers` an operation or path item declares over the document's (OpenAPI 3: operation, then path item, then
 * document).
 */
import { isObject } from './types.js'
import type { JsonObject } from './types.js'
import type { SpecVersion } from './parse-document.js'

/**
 * Resolves the base URL against the document URL. Returns undefined when it cannot be made absolute (an upload
 * with a relative or missing server), in which case the caller must supply a server URL.
 */
export function resolveBaseUrl(root: JsonObject, version: SpecVersion, documentUrl?: string): string | undefined {
  const raw = version === '2.0' ? swaggerBase(root, documentUrl) : firstServer(root['servers'])
  if (raw === undefined) return documentUrl ? new URL(documentUrl).origin : undefined
  return absolute(raw, documentUrl)
}

/**
 * The base URL an OpenAPI 3 operation declares for itself (its own `servers`, else its path item's), or undefined
 * when it declares none, or one that cannot be made absolute (a relative server in an upload, which has no document
 * URL to resolve against): its calls then go to the document's base.
 */
export function operationBaseUrl(
  pathItem: JsonObject,
  operation: JsonObject,
  documentUrl?: string,
): string | undefined {
  const raw = firstServer(operation['servers']) ?? firstServer(pathItem['servers'])
  return raw === undefined ? undefined : absolute(raw, documentUrl)
}

/** The first entry of a `servers` array with its variables at their defaults; an empty array declares nothing. */
function firstServer(servers: unknown): string | undefined {
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined
  if (!isObject(first) || typeof first['url'] !== 'string') return undefined
  return substituteVariables(first['url'], first['variables'])
}

function absolute(raw: string, documentUrl: string | undefined): string | undefined {
  try {
    return trimSlash(new URL(raw, documentUrl).href)
  } catch {
    return undefined
  }
}

/** Server variables take their `default` (the spec requires one); an unknown variable keeps its first enum value. */
export function substituteVariables(url: string, variables: unknown): string {
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = isObject(variables) ? variables[name] : undefined
    if (!isObject(variable)) return whole
    const options: unknown = variable['enum']
    const value: unknown = variable['default'] ?? (Array.isArray(options) ? (options[0] as unknown) : undefined)
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole
  })
}

function swaggerBase(root: JsonObject, documentUrl?: string): string | undefined {
  const basePath = typeof root['basePath'] === 'string' ? root['basePath'] : ''
  const host = typeof root['host'] === 'string' ? root['host'] : undefined
  if (host === undefined) return basePath === '' ? undefined : basePath
  const schemes = Array.isArray(root['schemes']) ? root['schemes'].map(String) : []
  const docScheme = documentUrl ? new URL(documentUrl).protocol.slice(0, -1) : undefined
  // The document's own scheme when the API offers it; else the first listed; else the document's; else http.
  const scheme = docScheme && (schemes.length === 0 || schemes.includes(docScheme)) ? docScheme : (schemes[0] ?? 'http')
  return `${scheme}://${host}${basePath}`
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url
}
