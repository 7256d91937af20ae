/**
 * What goes into an upgrade request: the checked address with the API key appended, the headers (user metadata
 * merged over auth output) without the ones the handshake owns, the subprotocols listed in `Sec-WebSocket-Protocol`,
 * the client certificate, and the guarded DNS lookup (or, for the embedding host's own address, its listener).
 */
import type { LookupFunction } from 'node:net'
import type { ClientOptions } from 'ws'
import { WorkbenchError, appendQueryParams, checkOutboundHeaders, checkOutboundUrl } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { callTls } from '@wirebench/transport'
import type { ResolvedOptions } from './types.js'

export interface UpgradeRequest {
  /** The address as the user wrote it, for messages. */
  displayUrl: string
  /** The address on the wire (API key appended): never logged or shown. */
  wireUrl: string
  protocols: string[]
  clientOptions: ClientOptions & { lookup?: LookupFunction }
  clientCertificate: boolean
}

/** Headers `ws` writes itself: a second copy from the metadata would break the handshake. */
const handshakeHeaders = new Set([
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
  'connection',
  'upgrade',
])

/** The WebSocket address of a target, or `no_services` when it is not one (the discovery fan-out tries every URL). */
export function webSocketUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new WorkbenchError('no_services', 'Not a WebSocket address: it is not an absolute URL.')
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new WorkbenchError('no_services', `Not a WebSocket address: ${url.protocol} is not ws: or wss:.`, {
      hint: 'Write WebSocket addresses as ws://host:port/path or wss://host:port/path.',
    })
  }
  // A fragment is never sent (and `ws` refuses a URL that has one).
  url.hash = ''
  return url
}

/** The subprotocols a user listed, comma separated, in the order given. */
export function listedProtocols(value: string | undefined): string[] {
  if (value === undefined) return []
  return value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
}

/** The address for messages: user name and password removed (`ws` still sends them on the wire). */
function withoutCredentials(url: URL): string {
  const display = new URL(url.href)
  display.username = ''
  display.password = ''
  return display.href
}

export function buildUpgradeRequest(rawUrl: string, ctx: CallContext, options: ResolvedOptions): UpgradeRequest {
  const url = webSocketUrl(rawUrl)
  const isHost = options.isHostUrl?.(url.href) === true
  if (!isHost) checkOutboundUrl(url.href, options.outbound)
  const { markers } = ctx
  if (markers.cookieEnv !== undefined) {
    throw new WorkbenchError('unsupported', 'WebSocket calls do not go through a cookie jar.', {
      hint: 'Turn off “persist cookies” for this environment, or send the cookie as a Cookie header in metadata.',
    })
  }
  if (markers.sigv4) {
    throw new WorkbenchError('unsupported', 'WebSocket upgrades are not signed with AWS SigV4 here.', {
      hint: 'Use a presigned URL, or an auth helper that sends headers.',
    })
  }
  const headers: Record<string, string> = {}
  let protocolHeader: string | undefined
  for (const [name, value] of Object.entries(ctx.metadata)) {
    const lower = name.toLowerCase()
    if (lower === 'sec-websocket-protocol') protocolHeader = value
    else if (!handshakeHeaders.has(lower)) headers[name] = value
  }
  // The upgrade's headers as sent, in the one check every transport's entry point makes (a 400 naming the header).
  checkOutboundHeaders(headers)
  const clientOptions: UpgradeRequest['clientOptions'] = {
    headers,
    ...(isHost && options.hostSocket ? options.hostSocket(url.href) : { lookup: options.lookup }),
    maxPayload: Math.max(1, Math.min(options.maxPayloadBytes, ctx.limits.maxResponseBytes)),
    handshakeTimeout: Math.min(options.handshakeTimeoutMs, ctx.limits.timeoutMs),
    // A redirect would carry the auth headers to wherever it points.
    followRedirects: false,
  }
  let clientCertificate = false
  // The environment's trust settings and the client certificate (see callTls for how they combine).
  // Not for the host's own address: its listener speaks plain HTTP.
  const tls = url.protocol === 'wss:' && !isHost ? callTls(markers) : undefined
  if (tls) {
    Object.assign(clientOptions, tls.options)
    clientCertificate = tls.clientCertificate
  }
  return {
    displayUrl: withoutCredentials(url),
    wireUrl: appendQueryParams(url.href, markers.apiKeyQuery ?? []),
    protocols: listedProtocols(protocolHeader),
    clientOptions,
    clientCertificate,
  }
}
