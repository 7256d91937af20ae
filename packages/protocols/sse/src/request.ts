/**
 * Builds what every SSE request shares: the checked address (API-key query appended right before the wire, never in
 * messages), the headers (metadata, minus those undici manages) and the dispatcher the markers select (mTLS, cookies).
 */
import { appendQueryParams, checkOutboundUrl } from '@wirebench/core'
import type { CallContext, OutboundPolicy } from '@wirebench/core'
import { isManagedHeader } from '@wirebench/transport'
import type { DispatcherFactory, DispatcherLease } from '@wirebench/transport'
import { notHttpUrl } from './errors.js'

export interface SseRequestDeps {
  outbound?: OutboundPolicy
  dispatchers: DispatcherFactory
  /** Embedded mode: an address of the host itself, and the dispatchers that reach it on its listener. */
  host?: { owns(url: string): boolean; dispatchers: DispatcherFactory }
}

export interface SseRequest {
  /** The address with the API-key query: only for the wire. */
  wireUrl: string
  /** The address as the user wrote it: for messages. */
  displayUrl: string
  headers: Record<string, string>
  lease: DispatcherLease
  clientCertificate: boolean
}

export function isHttpUrl(url: string): boolean {
  if (!URL.canParse(url)) return false
  const scheme = new URL(url).protocol
  return scheme === 'http:' || scheme === 'https:'
}

export function prepareRequest(url: string, ctx: CallContext, deps: SseRequestDeps): SseRequest {
  const isHost = deps.host?.owns(url) === true
  if (!isHost) checkOutboundUrl(url, deps.outbound)
  if (!isHttpUrl(url)) throw notHttpUrl(url)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(ctx.metadata)) {
    if (!isManagedHeader(name)) headers[name] = value
  }
  return {
    wireUrl: appendQueryParams(url, ctx.markers.apiKeyQuery ?? []),
    displayUrl: url,
    headers,
    lease: (isHost && deps.host ? deps.host.dispatchers : deps.dispatchers).acquire(ctx.markers),
    clientCertificate: ctx.markers.mtls !== undefined,
  }
}
