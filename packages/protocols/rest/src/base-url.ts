/** Where calls go: `servers[0].url` (variables at their defaults) or Swagger 2.0 `schemes`/`host`/`basePath`. */
import { isObject } from './types.js'
import type { JsonObject } from './types.js'
import type { SpecVersion } from './parse-document.js'

/**
 * Resolves the base URL against the document URL. Returns undefined when it cannot be made absolute (an upload
 * with a relative or missing server), in which case the caller must supply a server URL.
 */
export function resolveBaseUrl(root: JsonObject, version: SpecVersion, documentUrl?: string): string | undefined {
  const raw = version === '2.0' ? swaggerBase(root, documentUrl) : openApiServer(root)
  if (raw === undefined) return documentUrl ? new URL(documentUrl).origin : undefined
  try {
    return trimSlash(new URL(raw, documentUrl).href)
  } catch {
    return undefined
  }
}

function openApiServer(root: JsonObject): string | undefined {
  const servers = root['servers']
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined
  if (!isObject(first) || typeof first['url'] !== 'string') return undefined
  return substituteVariables(first['url'], first['variables'])
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
