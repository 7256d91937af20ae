/** Discovery URL strings: `https://host/openapi.json` or `protocol@https://host`, validated before they are kept. */

const PROTOCOL_PIN = /^([a-z][a-z0-9-]*)@(?=[a-z][a-z0-9+.-]*:\/\/)/i
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'grpc:', 'grpcs:'])

export interface UrlSpec {
  /** The string as the user wrote it (and as the server receives it). */
  raw: string
  /** The plugin id pinned with `id@`, if any. */
  protocol?: string
  /** The address without the pin. */
  address: string
}

export function parseUrlSpec(raw: string): UrlSpec {
  const trimmed = raw.trim()
  const match = PROTOCOL_PIN.exec(trimmed)
  if (!match?.[1]) return { raw: trimmed, address: trimmed }
  return { raw: trimmed, protocol: match[1].toLowerCase(), address: trimmed.slice(match[0].length) }
}

/** Returns a message saying what is wrong, or null when the URL can be discovered. */
export function validateUrlSpec(raw: string): string | null {
  const spec = parseUrlSpec(raw)
  if (!spec.address) return 'Enter a URL.'
  let url: URL
  try {
    url = new URL(spec.address)
  } catch {
    return 'Not a valid absolute URL (e.g. http://localhost:8080/openapi.json).'
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) return `Scheme ${url.protocol} is not supported.`
  return null
}

/** True when two URL strings name the same discovery target (with or without a protocol pin). */
export function sameTarget(a: string, b: string): boolean {
  return a === b || parseUrlSpec(a).address === parseUrlSpec(b).address
}
