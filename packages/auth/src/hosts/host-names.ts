/**
 * Host names as credentials are bound to them: the name only (ports are not told apart, as with cookies: one
 * question per server, not per service on it), lower-case, IDN in its ASCII form, IPv6 in brackets. Isomorphic, and
 * strict by our own rules rather than the URL parser's: browsers and Node parse a malformed host differently
 * (Chromium percent-encodes a space in an http host, Node refuses the URL), so a name one side accepts and stores
 * must never be one the other side refuses. The parser only canonicalizes a host these rules already accept
 * (IDN to ASCII, IPv4 number forms, IPv6 compression), where every WHATWG implementation agrees.
 */

export type HostReading = { host: string } | { error: string }

// A label as a person writes it (any script: IDN) and as it goes on the wire (ASCII, after canonicalization).
const WRITTEN_LABEL = /^[\p{L}\p{N}\p{M}_](?:[\p{L}\p{N}\p{M}_-]*[\p{L}\p{N}\p{M}_])?$/u
const ASCII_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/
const IPV6 = /^\[[0-9a-f:.]+\]$/
const MAX_NAME_LENGTH = 253

function hasLabels(name: string, label: RegExp): boolean {
  const body = name.endsWith('.') ? name.slice(0, -1) : name
  return body !== '' && body.split('.').every((part) => label.test(part))
}

/** True for a canonical host: DNS labels (letters, digits, `_`, `-` inside), an IPv4 address or bracketed IPv6. */
export function isHostName(host: string): boolean {
  if (IPV6.test(host)) return true
  return host.length <= MAX_NAME_LENGTH && hasLabels(host, ASCII_LABEL)
}

/** The canonical form of a host as written (no port), or undefined when our rules refuse it. */
function canonicalHost(written: string): string | undefined {
  const isBracketed = written.startsWith('[')
  if (isBracketed ? !IPV6.test(written) : !hasLabels(written, WRITTEN_LABEL)) return undefined
  let host: string
  try {
    host = new URL(`http://${written}/`).hostname.toLowerCase()
  } catch {
    return undefined
  }
  return isHostName(host) ? host : undefined
}

/** The host of an authority (`user@host:port`), or undefined when any part of it is malformed. */
function hostOfAuthority(authority: string): string | undefined {
  // Parsers skip tabs and newlines and read `\` as `/` in some schemes only: such text names no host we can agree on.
  if (/[\s\\\p{Cc}]/u.test(authority)) return undefined
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1)
  const close = hostPort.startsWith('[') ? hostPort.indexOf(']') + 1 : 0
  const colon = hostPort.indexOf(':', close)
  const host = colon === -1 ? hostPort : hostPort.slice(0, colon)
  const port = colon === -1 ? '' : hostPort.slice(colon + 1)
  if (!/^\d{0,5}$/.test(port)) return undefined
  return canonicalHost(host)
}

const SCHEME_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i

/** The host a URL goes to (`https://API.example:8443/x` → `api.example`), or undefined when it names none we accept. */
export function hostOf(url: string): string | undefined {
  const authority = SCHEME_AUTHORITY.exec(url.trim())?.[1]
  return authority === undefined ? undefined : hostOfAuthority(authority)
}

/** The first character of a written host that cannot be part of a host name, for the message. */
function offendingCharacter(text: string): string | undefined {
  const authority = SCHEME_AUTHORITY.exec(text)?.[1] ?? text.split(/[/?#]/)[0] ?? ''
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1)
  return /[^\p{L}\p{N}\p{M}_.:[\]-]/u.exec(hostPort)?.[0]
}

function describeCharacter(character: string): string {
  return character.trim() === '' ? 'a space' : `"${character}"`
}

/**
 * A host as a person writes it in the environment screen or on a command line: a bare name (`petstore.swagger.io`),
 * with a port (`localhost:8080`), an IP (`127.0.0.1`, `[::1]`) or a whole URL; all give the same host name.
 */
export function readHost(text: string): HostReading {
  const trimmed = text.trim()
  if (trimmed === '') return { error: 'Enter a host name, e.g. api.example.com.' }
  if (trimmed.includes('*')) return { error: `"${trimmed}": wildcards are not supported; list each host.` }
  const host = hostOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`)
  if (host) return { host }
  const character = offendingCharacter(trimmed)
  const why = character ? `: ${describeCharacter(character)} cannot be part of one` : ''
  return {
    error: `"${trimmed}" is not a host name${why}. Use letters, digits, hyphens and dots, e.g. api.example.com or 127.0.0.1.`,
  }
}
