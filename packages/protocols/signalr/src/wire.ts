/**
 * Builds the wire of one hub connection from a call's context: the headers (the bearer token set apart for the
 * client's accessTokenFactory), the API-key query on the hub address, TLS settings for the hub's origin (trust and
 * client certificate) and for other origins (trust only), dispatchers and a key naming all of it, so calls that
 * would connect the same way share a connection.
 */
import { createHash } from 'node:crypto'
import { WorkbenchError, appendQueryParams } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { callTls } from '@wirebench/transport'
import type { DispatcherFactory, DispatcherLease } from '@wirebench/transport'
import { FlowGate, originOf } from './client/hub-wire.js'
import type { HubWire, TransportName } from './client/hub-wire.js'
import { displayUrl } from './hub-address.js'
import type { ResolvedOptions } from './types.js'

export interface WireRequest {
  /** The hub address on the wire (API key appended). */
  url: string
  wire: Omit<HubWire, 'signal' | 'gate' | 'onTransport'>
  /** Names everything that shapes the connection (a digest: no secret is kept in it). */
  key: string
  leases: DispatcherLease[]
}

/** Headers the client and the transports set themselves. */
const ownedHeaders = new Set(['content-type', 'content-length', 'connection', 'upgrade', 'host', 'accept'])

export function buildWire(
  url: URL,
  ctx: CallContext,
  options: ResolvedOptions,
  dispatchers: DispatcherFactory,
): WireRequest {
  const { markers } = ctx
  if (markers.sigv4) {
    throw new WorkbenchError('unsupported', 'SignalR hub connections are not signed with AWS SigV4 here.', {
      hint: 'Use an auth helper that sends headers (bearer, API key) for this hub.',
    })
  }
  if (markers.cookieEnv !== undefined) {
    throw new WorkbenchError('unsupported', 'SignalR hub connections do not go through a cookie jar.', {
      hint: 'Turn off “persist cookies” for this environment, or send the cookie as a Cookie header in metadata.',
    })
  }
  const headers: Record<string, string> = {}
  let bearerToken: string | undefined
  for (const [name, value] of Object.entries(ctx.metadata)) {
    const lower = name.toLowerCase()
    if (lower.startsWith('sec-websocket-') || ownedHeaders.has(lower)) continue
    if (lower === 'authorization' && /^bearer\s+/i.test(value)) bearerToken = value.replace(/^bearer\s+/i, '')
    else headers[name] = value
  }
  // Embedded mode: a hub the host serves is reached on the host's listener (its own TLS, no client certificate).
  const host = options.host?.owns(url.href) === true ? options.host : undefined
  const hubTls = host ? undefined : callTls(markers)
  const foreignTls = callTls(markers.trust ? { trust: markers.trust } : {})
  const hubLease = (host ? host.reach.dispatchers : dispatchers).acquire(
    markers.trust || markers.mtls
      ? { ...(markers.mtls ? { mtls: markers.mtls } : {}), ...(markers.trust ? { trust: markers.trust } : {}) }
      : {},
  )
  const foreignLease = dispatchers.acquire(markers.trust ? { trust: markers.trust } : {})
  const wireUrl = appendQueryParams(url.href, markers.apiKeyQuery ?? [])
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        wireUrl,
        Object.entries(headers).sort(),
        bearerToken ?? '',
        hubTls?.id ?? '',
        foreignTls?.id ?? '',
      ]),
    )
    .digest('base64url')
  const wire: WireRequest['wire'] = {
    origin: originOf(url.href),
    displayUrl: displayUrl(url),
    headers,
    hubDispatcher: hubLease.dispatcher,
    foreignDispatcher: foreignLease.dispatcher,
    clientCertificate: hubTls?.clientCertificate === true,
    lookup: options.lookup,
    maxMessageBytes: Math.max(1024, Math.min(options.maxMessageBytes, ctx.limits.maxResponseBytes)),
    handshakeTimeoutMs: Math.min(options.handshakeTimeoutMs, ctx.limits.timeoutMs),
  }
  if (bearerToken !== undefined) wire.bearerToken = bearerToken
  if (hubTls) wire.hubTls = hubTls.options
  if (foreignTls) wire.foreignTls = foreignTls.options
  if (options.outbound) wire.outbound = options.outbound
  if (host) wire.hostSocket = (address) => host.reach.socketOptions(address)
  return { url: wireUrl, wire, key, leases: [hubLease, foreignLease] }
}

/** The wire of a connection: its lifetime signal, its flow gate and where the chosen transport is reported. */
export function liveWire(
  request: WireRequest,
  signal: AbortSignal,
  gate: FlowGate,
  onTransport: (name: TransportName) => void = () => undefined,
): HubWire {
  return { ...request.wire, signal, gate, onTransport }
}

export { FlowGate }
