/**
 * gRPC target addresses: `http://` and `grpc://` are plaintext (h2c), `https://` and `grpcs://` TLS; a bare
 * `host:port` means plaintext; anything else is not a gRPC address.
 */
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'

export interface GrpcAddress {
  /** What calls go to: `http(s)://host:port[/path-prefix]`, no trailing slash. */
  baseUrl: string
  tls: boolean
}

const schemeAliases: Record<string, string> = {
  'grpc:': 'http:',
  'grpcs:': 'https:',
  'http:': 'http:',
  'https:': 'https:',
}
const hostPort = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*):(\d{1,5})$/i
const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i

/** The URL a gRPC address stands for, before any policy check. */
function normalise(raw: string): URL {
  const text = raw.trim()
  if (!hasScheme.test(text)) {
    if (hostPort.test(text)) return new URL(`http://${text}`)
    throw new WorkbenchError('no_services', `"${text}" is not a gRPC address.`, {
      hint: 'Write http://host:port for plaintext gRPC or https://host:port for TLS (grpc:// and grpcs:// work too).',
    })
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new WorkbenchError('invalid_request', `"${text}" is not a valid address.`, {
      hint: 'Write http://host:port for plaintext gRPC or https://host:port for TLS.',
    })
  }
  if (url.username !== '' || url.password !== '') {
    throw new WorkbenchError('invalid_request', 'gRPC addresses cannot carry credentials.', {
      hint: 'Put credentials in the environment’s auth settings; they travel as call metadata.',
    })
  }
  const protocol = schemeAliases[url.protocol]
  if (protocol === undefined) {
    throw new WorkbenchError('no_services', `${url.protocol}// addresses are not gRPC.`)
  }
  // Rebuilt rather than re-schemed: WHATWG URLs refuse to switch between special and non-special schemes.
  return new URL(`${protocol}//${url.host}${url.pathname}`)
}

/** Parses a target (discovery URL or call server URL) and applies the outbound policy to it. */
export function parseAddress(raw: string, policy: OutboundPolicy | undefined): GrpcAddress {
  const url = normalise(raw)
  checkOutboundUrl(url.href, policy)
  return { baseUrl: url.href.replace(/\/+$/, ''), tls: url.protocol === 'https:' }
}

/**
 * True when the URL names a document (`…/openapi.json`, `…/schema.graphql`) rather than a server: no gRPC server
 * is reached through such a path, so the plugin leaves it to the others without opening a connection.
 */
export function looksLikeDocument(raw: string): boolean {
  try {
    const url = new URL(raw)
    return /\.[a-z0-9]{1,8}$/i.test(url.pathname) || url.search !== ''
  } catch {
    return false
  }
}
