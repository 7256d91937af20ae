/** Outbound target policy (SECURITY.md): allowed schemes, cloud-metadata addresses always refused, private ranges when asked. */
import { WorkbenchError } from '../errors/workbench-error.js'
import { embeddedIpv4, parseIpv4, parseIpv6, sameIpv6 } from './ip-address.js'
import { hasScheme } from './target-text.js'

export interface OutboundPolicy {
  /** Schemes allowed for this kind of call, with the colon (`http:`). */
  schemes?: readonly string[]
  /** Embedded mode: refuse loopback, private and link-local targets unless allow-listed. */
  blockPrivate?: boolean
  /** Host names or addresses allowed even when `blockPrivate` is set. */
  allowHosts?: readonly string[]
}

export const defaultOutboundSchemes = ['http:', 'https:', 'ws:', 'wss:'] as const

/** How an embedding host lets its workbench call a private or loopback address (the host itself needs nothing). */
export function privateTargetHint(host: string): string {
  return `The embedded workbench refuses private and loopback addresses. To call this one, add it to the outboundAllowHosts option where the workbench is mounted (outboundAllowHosts: ['${host}']).`
}

// WHATWG URL parsing already folds decimal, octal and hex IPv4 spellings (http://2852039166/) into dotted form.
const metadataHosts = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean
  '169.254.170.2', // AWS ECS task metadata
  '169.254.170.23', // AWS EKS Pod Identity (credentials)
  '169.254.0.23', // Tencent Cloud
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud (legacy)
  'fd00:ec2::254', // AWS IPv6
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
])

function normalizeHost(host: string): string {
  let h = host.toLowerCase()
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1)
  if (h.endsWith('.')) h = h.slice(0, -1)
  return h
}

/** AWS's IPv6 metadata endpoint, fd00:ec2::254, as groups. */
const awsIpv6Metadata = [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254]

/** True for cloud-metadata endpoints, in any spelling the URL parser or a resolver can produce. */
export function isCloudMetadataAddress(host: string): boolean {
  const h = normalizeHost(host)
  if (metadataHosts.has(h)) return true
  const groups = parseIpv6(h)
  if (!groups) return false
  if (sameIpv6(groups, awsIpv6Metadata)) return true
  // An IPv6 address that carries a metadata IPv4 address reaches it through a translator or a tunnel.
  return embeddedIpv4(groups).some((v4) => metadataHosts.has(v4))
}

function isPrivateIpv4(octets: readonly number[]): boolean {
  const [a = 0, b = 0, c = 0] = octets
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 || // multicast, reserved, broadcast
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19))
  )
}

/**
 * True for `localhost` and addresses that are not public unicast: loopback, private (RFC 1918 / ULA), link-local,
 * CGNAT, IETF protocol assignments, benchmarking, multicast, broadcast, reserved and unspecified; an IPv6 address
 * carrying such an IPv4 address (mapped, NAT64, 6to4…) and the local-use NAT64 prefix 64:ff9b:1::/48 count too.
 */
export function isPrivateAddress(host: string): boolean {
  const h = normalizeHost(host)
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  const v4 = parseIpv4(h)
  if (v4) return isPrivateIpv4(v4)
  const groups = parseIpv6(h)
  if (!groups) return false
  const [g0 = 0, g1 = 0, g2 = 0] = groups
  if (groups.every((g) => g === 0) || sameIpv6(groups, [0, 0, 0, 0, 0, 0, 0, 1])) return true
  if ((g0 & 0xfe00) === 0xfc00) return true // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true // link-local fe80::/10
  if ((g0 & 0xff00) === 0xff00) return true // multicast ff00::/8
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true // local-use NAT64 (RFC 8215)
  return embeddedIpv4(groups).some((embedded) => isPrivateIpv4(parseIpv4(embedded) ?? []))
}

/**
 * True for what stays on this machine whoever answers DNS: the name `localhost` itself (resolved from the hosts file)
 * and loopback literals, 127.0.0.0/8 and ::1. `app.localhost` and the fully qualified `localhost.` are names a
 * resolver is asked about, so they do not count.
 */
export function isLoopbackAddress(host: string): boolean {
  let h = host.toLowerCase()
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1)
  if (h === 'localhost') return true
  const v4 = parseIpv4(h)
  if (v4) return v4[0] === 127
  const groups = parseIpv6(h)
  if (!groups) return false
  if (sameIpv6(groups, [0, 0, 0, 0, 0, 0, 0, 1])) return true
  // ::ffff:127.x.x.x
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff && (groups[6] ?? 0) >> 8 === 127
}

/**
 * Parses and checks a target URL before any connection is made; returns the parsed URL.
 * Resolved addresses must be checked again at connect time (DNS may point anywhere): see `isCloudMetadataAddress`.
 */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy = {}): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    // The raw text is not echoed: after substitution it may carry a secret (a token in the query string).
    throw new WorkbenchError('invalid_request', `The address ${describeUnparsable(raw)} is not an absolute URL.`, {
      hint: 'Write the full address, including the scheme, e.g. http://localhost:8080/openapi.json.',
    })
  }
  const schemes = policy.schemes ?? defaultOutboundSchemes
  if (!schemes.includes(url.protocol) && !hasScheme(raw)) {
    // `localhost:abc` parses as the scheme `localhost:`; the user meant a host and left the scheme out.
    throw new WorkbenchError('invalid_request', `The address ${describeUnparsable(raw)} has no scheme.`, {
      hint: 'Write it with its scheme, e.g. http://localhost:8080/openapi.json or https://api.example.com.',
    })
  }
  if (!schemes.includes(url.protocol)) {
    throw new WorkbenchError('blocked_target', `The scheme ${url.protocol} is not allowed here.`, {
      hint: `Use one of: ${schemes.map((s) => s.replace(':', '')).join(', ')}.`,
    })
  }
  const host = addressedHost(url)
  if (isCloudMetadataAddress(host)) {
    throw new WorkbenchError('blocked_target', `${url.hostname} is a cloud-metadata address and is always refused.`)
  }
  const allowed = policy.allowHosts?.map(normalizeHost) ?? []
  if (policy.blockPrivate && isPrivateAddress(host) && !allowed.includes(normalizeHost(url.hostname))) {
    throw new WorkbenchError('blocked_target', `${url.hostname} is a private or loopback address.`, {
      hint: privateTargetHint(normalizeHost(url.hostname)),
    })
  }
  return url
}

const specialSchemes = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:'])

/**
 * The host a connection to `url` reaches. WHATWG folds IPv4 spellings (hex, octal, decimal, short forms) and percent
 * escapes only for special schemes; `mqtt://0xA9FEA9FE` keeps its host as written, and the resolver a sidecar asks
 * (inet_aton) reads it as 169.254.169.254. Such a host is read the special way before any check.
 */
function addressedHost(url: URL): string {
  if (specialSchemes.has(url.protocol) || url.hostname === '' || url.hostname.startsWith('[')) return url.hostname
  try {
    return new URL(`http://${url.hostname}/`).hostname
  } catch {
    return url.hostname
  }
}

/** Names an address that did not parse without repeating anything past its path (the query may hold secrets). */
function describeUnparsable(raw: string): string {
  const cut = raw.search(/[?#]/)
  const shown = (cut === -1 ? raw : `${raw.slice(0, cut)}?…`).slice(0, 120)
  return `"${shown}"`
}
