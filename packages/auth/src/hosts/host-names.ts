/**
 * The hosts credentials are bound to, as the environment's lists name them. A public host is its name only (ports are
 * not told apart, as with cookies: one question per server, not per service on it): lower-case, IDN in its ASCII
 * form, IPv6 in brackets. A host on this machine (`localhost`, `*.localhost`, loopback and unspecified addresses) is
 * its name and port (`127.0.0.1:8080`): every local program can listen on a port of its own, so two ports are two
 * principals.
 *
 * Isomorphic, and strict by our own rules rather than the URL parser's: browsers and Node parse a malformed host
 * differently (Chromium percent-encodes a space in an http host, Node refuses the URL), so a name one side accepts and
 * stores must never be one the other side refuses. The parser only canonicalizes a host these rules already accept
 * (IDN to ASCII, IPv4 number forms, IPv6 compression), where every WHATWG implementation agrees.
 */
import { isLoopbackAddress } from '@wirebench/core'

// A label as a person writes it (any script: IDN) and as it goes on the wire (ASCII, after canonicalization).
const WRITTEN_LABEL = /^[\p{L}\p{N}\p{M}_](?:[\p{L}\p{N}\p{M}_-]*[\p{L}\p{N}\p{M}_])?$/u
const ASCII_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/
const IPV6 = /^\[[0-9a-f:.]+\]$/
const MAX_NAME_LENGTH = 253
const MAX_PORT = 65535

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

/** A URL's parts the binding reads: its scheme (lower case, with the colon), canonical host name and port (`''`). */
interface UrlHost {
  scheme: string
  name: string
  port: string
}

/** The host and port of an authority (`user@host:port`), or undefined when any part of it is malformed. */
function readAuthority(authority: string): Omit<UrlHost, 'scheme'> | undefined {
  // Parsers skip tabs and newlines and read `\` as `/` in some schemes only: such text names no host we can agree on.
  if (/[\s\\\p{Cc}]/u.test(authority)) return undefined
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1)
  const close = hostPort.startsWith('[') ? hostPort.indexOf(']') + 1 : 0
  const colon = hostPort.indexOf(':', close)
  const host = colon === -1 ? hostPort : hostPort.slice(0, colon)
  const port = colon === -1 ? '' : hostPort.slice(colon + 1)
  if (!/^\d{0,5}$/.test(port) || Number(port) > MAX_PORT) return undefined
  const name = canonicalHost(host)
  // A port is kept in one spelling (`08080` is 8080) as the URL parser writes it.
  return name === undefined ? undefined : { name, port: port === '' ? '' : String(Number(port)) }
}

const SCHEME_AUTHORITY = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)/i

function readUrlHost(url: string): UrlHost | undefined {
  const match = SCHEME_AUTHORITY.exec(url.trim())
  if (!match?.[1] || match[2] === undefined) return undefined
  const authority = readAuthority(match[2])
  return authority && { scheme: match[1].toLowerCase(), ...authority }
}

/** The host a URL goes to (`https://API.example:8443/x` → `api.example`), or undefined when it names none we accept. */
export function hostOf(url: string): string | undefined {
  return readUrlHost(url)?.name
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

// Schemes whose authority is no network host credentials could go to (a stdio MCP server is named, not reached).
const noNetworkHost = new Set(['file:', 'ftp:', 'mcp+stdio:'])

// Default ports of the other schemes the workbench's plugins speak (the MQTT sidecar's).
const otherSchemePorts: Record<string, string> = { 'mqtt:': '1883', 'mqtts:': '8883' }

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

/** The target of a URL, or undefined when it is not a URL of a scheme calls use or names no host we accept. */
export function callTarget(url: string): CallTarget | undefined {
  // A name still holding a `${…}` reference is no host name: where the call goes is only known once it is substituted.
  const parsed = readUrlHost(url)
  if (!parsed || noNetworkHost.has(parsed.scheme)) return undefined
  // Schemes of sidecar plugins (`mqtt://broker:1883`, `toy://127.0.0.1:4000`) reach a host too: their own family.
  const scheme = schemeFamily[parsed.scheme] ?? {
    family: parsed.scheme.slice(0, -1),
    port: otherSchemePorts[parsed.scheme] ?? '',
  }
  const { name } = parsed
  const port = parsed.port === '' ? scheme.port : parsed.port
  const hostPort = port === '' ? name : `${name}:${port}`
  return {
    name,
    key: isThisMachine(name) ? hostPort : name,
    origin: `${scheme.family}://${hostPort}`,
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

/** The first character of a written host that cannot be part of a host name, for the message. */
function offendingCharacter(text: string): string | undefined {
  const authority = SCHEME_AUTHORITY.exec(text)?.[2] ?? text.split(/[/?#]/)[0] ?? ''
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1)
  return /[^\p{L}\p{N}\p{M}_.:[\]-]/u.exec(hostPort)?.[0]
}

function describeCharacter(character: string): string {
  return character.trim() === '' ? 'a space' : `"${character}"`
}

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
  const parsed = readUrlHost(hasScheme ? trimmed : `http://${trimmed}`)
  if (!parsed) {
    const character = offendingCharacter(trimmed)
    const why = character ? `: ${describeCharacter(character)} cannot be part of one` : ''
    return {
      error: `"${trimmed}" is not a host name${why}. Use letters, digits, hyphens and dots, e.g. api.example.com or 127.0.0.1.`,
    }
  }
  const { name } = parsed
  if (!isThisMachine(name)) return { host: name }
  if (parsed.port !== '') return { host: `${name}:${parsed.port}` }
  const scheme = hasScheme ? schemeFamily[parsed.scheme] : undefined
  return scheme ? { host: `${name}:${scheme.port}` } : { host: name, isAnyPort: true }
}
