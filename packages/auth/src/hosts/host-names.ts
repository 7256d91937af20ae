/**
 * Host names as credentials are bound to them: the name only (ports are not told apart, as with cookies: one
 * question per server, not per service on it), lower-case, IDN in its ASCII form, IPv6 in brackets. Isomorphic:
 * WHATWG URL parsing is the same in the browser and Node.
 */

/** The host a URL goes to (`https://API.example:8443/x` → `api.example`), or undefined when it is not a URL. */
export function hostOf(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return undefined
  }
  const host = parsed.hostname.toLowerCase()
  return host === '' ? undefined : host
}

export type HostReading = { host: string } | { error: string }

/**
 * A host as a person writes it in the environment screen or on a command line: a bare name (`petstore.swagger.io`),
 * with a port (`localhost:8080`), an IP (`127.0.0.1`, `[::1]`) or a whole URL; all give the same host name.
 */
export function readHost(text: string): HostReading {
  const trimmed = text.trim()
  if (trimmed === '') return { error: 'Enter a host name, e.g. api.example.com.' }
  if (trimmed.includes('*')) return { error: `"${trimmed}": wildcards are not supported; list each host.` }
  const host = hostOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`)
  return host ? { host } : { error: `"${trimmed}" is not a host name (e.g. api.example.com or 127.0.0.1).` }
}
