/** Outbound target policy (SECURITY.md): allowed schemes, cloud-metadata addresses always refused, private ranges when asked. */
import { WorkbenchError } from '../errors/workbench-error.js'

export interface OutboundPolicy {
  /** Schemes allowed for this kind of call, with the colon (`http:`). */
  schemes?: readonly string[]
  /** Embedded mode: refuse loopback, private and link-local targets unless allow-listed. */
  blockPrivate?: boolean
  /** Host names or addresses allowed even when `blockPrivate` is set. */
  allowHosts?: readonly string[]
}

export const defaultOutboundSchemes = ['http:', 'https:', 'ws:', 'wss:'] as const

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

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits when it is IPv4-mapped (`::ffff:a9fe:a9fe`),
 * IPv4-compatible (`::a9fe:a9fe`) or NAT64 (`64:ff9b::a9fe:a9fe`): each reaches that IPv4 host.
 */
function mappedIpv4(host: string): string | undefined {
  const match = /^(?:::ffff:|::|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(host)
  if (!match) return undefined
  if (match[1]) return match[1]
  const hi = parseInt(match[2] ?? '0', 16)
  const lo = parseInt(match[3] ?? '0', 16)
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

/** True for cloud-metadata endpoints, in any spelling the URL parser or a resolver can produce. */
export function isCloudMetadataAddress(host: string): boolean {
  const h = normalizeHost(host)
  if (metadataHosts.has(h)) return true
  const v4 = mappedIpv4(h)
  if (v4 !== undefined && metadataHosts.has(v4)) return true
  // Expanded IPv6 spellings of fd00:ec2::254.
  return /^fd00:0?ec2:(0{1,4}:)*0{0,3}254$/.test(h)
}

function ipv4Octets(host: string): number[] | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (!match) return undefined
  const octets = match.slice(1).map(Number)
  return octets.every((o) => o <= 255) ? octets : undefined
}

/**
 * True for `localhost` and addresses that are not public unicast: loopback, private (RFC 1918 / ULA), link-local,
 * CGNAT, IETF protocol assignments, benchmarking, multicast, broadcast, reserved and unspecified.
 */
export function isPrivateAddress(host: string): boolean {
  const h = normalizeHost(host)
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  const v4 = ipv4Octets(mappedIpv4(h) ?? h)
  if (v4) {
    const [a = 0, b = 0] = v4
    const c = v4[2] ?? 0
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
  if (!h.includes(':')) return false
  return (
    h === '::' ||
    h === '::1' ||
    /^f[cd][0-9a-f]{0,2}:/.test(h) || // unique local fc00::/7
    /^fe[89ab][0-9a-f]?:/.test(h) || // link-local fe80::/10
    /^ff[0-9a-f]{0,2}:/.test(h) // multicast ff00::/8
  )
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
  if (!schemes.includes(url.protocol)) {
    throw new WorkbenchError('blocked_target', `The scheme ${url.protocol} is not allowed here.`, {
      hint: `Use one of: ${schemes.map((s) => s.replace(':', '')).join(', ')}.`,
    })
  }
  if (isCloudMetadataAddress(url.hostname)) {
    throw new WorkbenchError('blocked_target', `${url.hostname} is a cloud-metadata address and is always refused.`)
  }
  const allowed = policy.allowHosts?.map(normalizeHost) ?? []
  if (policy.blockPrivate && isPrivateAddress(url.hostname) && !allowed.includes(normalizeHost(url.hostname))) {
    throw new WorkbenchError('blocked_target', `${url.hostname} is a private or loopback address.`, {
      hint: 'Add it to the allow-list of the embedded workbench to call it.',
    })
  }
  return url
}

/** Names an address that did not parse without repeating anything past its path (the query may hold secrets). */
function describeUnparsable(raw: string): string {
  const cut = raw.search(/[?#]/)
  const shown = (cut === -1 ? raw : `${raw.slice(0, cut)}?…`).slice(0, 120)
  return `"${shown}"`
}
