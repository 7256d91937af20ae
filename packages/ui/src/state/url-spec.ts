/**
 * Discovery URL strings: `https://host/openapi.json`, `protocol@https://host`, or an address typed without a scheme
 * (`localhost:8080/openapi.json`, taken as `http://`), validated before they are kept. They are read the way the server
 * reads them (`readTargetText` of @wirebench/core).
 */
import { MCP_STDIO_SCHEME, readTargetText } from '@wirebench/core'

// `mcp+stdio://<name>` names an MCP server of the workbench's trusted configuration (the server refuses unknown names).
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'grpc:', 'grpcs:', MCP_STDIO_SCHEME])

export interface UrlSpec {
  /** The string as the user wrote it (and as the server receives it). */
  raw: string
  /** The plugin id pinned with `id@`, if any. */
  protocol?: string
  /** The address without the pin, with `http://` when it was typed without a scheme. */
  address: string
}

export function parseUrlSpec(raw: string): UrlSpec {
  const text = readTargetText(raw)
  if (text.pin === undefined) return { raw: text.entry, address: text.address }
  return { raw: text.entry, protocol: text.pin.toLowerCase(), address: text.address }
}

/**
 * Returns a message saying what is wrong, or null when the URL can be discovered. With `anyScheme` (a sidecar plugin
 * is loaded) any `scheme://host` address is accepted: the sidecars read their own schemes.
 */
export function validateUrlSpec(raw: string, options: { anyScheme?: boolean } = {}): string | null {
  const spec = parseUrlSpec(raw)
  if (!spec.address) return 'Enter a URL.'
  // `${base}/openapi.json`: the variables are substituted (system, environment, workspace) when it is discovered, and
  // the discovery says what is wrong with the result; here only the parts around them can be checked.
  if (/\$\{[^}]+\}/.test(spec.address)) return null
  let url: URL
  try {
    url = new URL(spec.address)
  } catch {
    return 'Not a valid URL: write the full address, e.g. http://localhost:8080/openapi.json.'
  }
  const isAnySchemeAddress =
    options.anyScheme === true && url.hostname !== '' && /^[a-z][a-z0-9+.-]*:\/\//i.test(spec.address)
  if (!ALLOWED_SCHEMES.has(url.protocol) && !isAnySchemeAddress) {
    // `localhost:abc` reads as the scheme `localhost:`: say that the scheme is missing, not that it is unsupported.
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(spec.address)) {
      return `"${spec.address}" has no scheme: start it with http:// or https:// (e.g. http://localhost:8080/openapi.json).`
    }
    return `The scheme ${url.protocol.slice(0, -1)} is not supported: use http, https, ws, wss, grpc, grpcs or mcp+stdio (a configured MCP server).`
  }
  return null
}

/** True when two URL strings name the same discovery target (with or without a protocol pin or the added http://). */
export function sameTarget(a: string, b: string): boolean {
  return a === b || parseUrlSpec(a).address === parseUrlSpec(b).address
}
