/**
 * The hosts credentials are bound to, as the environment's lists name them. A public host is its name only (ports are
 * not told apart, as with cookies: one question per server, not per service on it): lower-case, IDN in its ASCII
 * form, IPv6 in brackets. A host on this machine (`localhost`, `*.localhost`, loopback and unspecified addresses) is
 * its name and port (`127.0.0.1:8080`): every local program can listen on a port of its own, so two ports are two
 * principals. Isomorphic: WHATWG URL parsing is the same in the browser and Node.
 */
import { isLoopbackAddress } from '@wirebench/core'

/** The host a URL goes to (`https://API.example:8443/x` → `api.example`), or undefined when it is not a URL. */
export function hostOf(url: string): string | undefined {
  const parsed = parseUrl(url)
  if (!parsed) return undefined
  const host = parsed.hostname.toLowerCase()
  return host === '' ? undefined : host
}

/** Where a call goes, as the binding sees it. */
export interface CallTarget {
  /** The host name (`127.0.0.1`, `api.example.com`, `[::1]`). */
  name: string
  /** The entry of the environment's host lists that stands for it: the name, or `name:port` on this machine. */
  key: string
  /**
   * The origin with the WebSocket and gRPC schemes folded into http(s) (the same server answers them) and the
   * default port filled in: `http://127.0.0.1:80`. A pre-approval covers exactly this.
   */
  origin: string
}

// What each scheme reaches: ws and grpc are upgrades or HTTP/2 on the same listener as http.
const schemeFamily: Record<string, { family: 'http' | 'https'; port: string }> = {
  'http:': { family: 'http', port: '80' },
  'ws:': { family: 'http', port: '80' },
  'grpc:': { family: 'http', port: '80' },
  'https:': { family: 'https', port: '443' },
  'wss:': { family: 'https', port: '443' },
  'grpcs:': { family: 'https', port: '443' },
}

/**
 * True for a host name that reaches this machine: `localhost` and its subdomains (with or without the final dot),
 * loopback addresses and the unspecified ones (`0.0.0.0` and `[::]` connect to this machine too).
 */
export function isThisMachine(name: string): boolean {
  const h = name.toLowerCase().replace(/\.$/, '')
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  if (h === '0.0.0.0' || h === '[::]' || h === '::') return true
  return isLoopbackAddress(h)
}

/** The target of a URL, or undefined when it is not a URL of a scheme calls use. */
export function callTarget(url: string): CallTarget | undefined {
  const parsed = parseUrl(url)
  if (!parsed) return undefined
  const name = parsed.hostname.toLowerCase()
  const scheme = schemeFamily[parsed.protocol]
  // A name still holding a `${…}` reference is not where the call goes: that is only known once it is substituted.
  if (name === '' || !scheme || name.includes('${')) return undefined
  const port = parsed.port === '' ? scheme.port : parsed.port
  return {
    name,
    key: isThisMachine(name) ? `${name}:${port}` : name,
    origin: `${scheme.family}://${name}:${port}`,
  }
}

export type HostReading =
  | {
      /** The entry as it goes into the environment's lists. */
      host: string
      /** A name on this machine written without a port: it covers every port (only a refusal can say that). */
      isAnyPort?: boolean
    }
  | { error: string }

/**
 * A host as a person writes it in the environment screen or on a command line: a bare name (`petstore.swagger.io`),
 * with a port (`localhost:8080`), an IP (`127.0.0.1`, `[::1]`) or a whole URL. A public host gives its name; a host on
 * this machine its name and port (the scheme's default when a URL leaves it out), or, written bare, the name alone.
 */
export function readHost(text: string): HostReading {
  const trimmed = text.trim()
  if (trimmed === '') return { error: 'Enter a host name, e.g. api.example.com.' }
  if (trimmed.includes('*')) return { error: `"${trimmed}": wildcards are not supported; list each host.` }
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
  const parsed = parseUrl(hasScheme ? trimmed : `http://${trimmed}`)
  const name = parsed?.hostname.toLowerCase() ?? ''
  if (!parsed || name === '') return { error: `"${trimmed}" is not a host name (e.g. api.example.com or 127.0.0.1).` }
  if (!isThisMachine(name)) return { host: name }
  if (parsed.port !== '') return { host: `${name}:${parsed.port}` }
  const scheme = hasScheme ? schemeFamily[parsed.protocol] : undefined
  return scheme ? { host: `${name}:${scheme.port}` } : { host: name, isAnyPort: true }
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url.trim())
  } catch {
    return undefined
  }
}
