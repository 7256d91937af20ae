/**
 * Where a call goes, for binding credentials to hosts: the server URL the user set, else the operation's own base
 * URL (REST operation or path-item `servers`), else its service's (REST `servers`), else the address it was
 * discovered at (gRPC, GraphQL, SSE and WebSocket call the discovered URL itself). The same precedence the server's
 * plugins follow when they build the wire URL.
 */
import type { MethodInfo, ServiceInfo } from '@wirebench/core'
import type { MethodRef } from './catalog.js'
import type { DiscoveryStore } from './discovery-store.js'
import type { UploadsStore } from './uploads-store.js'
import { parseUrlSpec } from './url-spec.js'

/** What `/api/invoke` and the live socket address: a method of a service discovered at (or uploaded as) `url`. */
export interface CallAddress {
  protocol: string
  /** The service's `originUrl`: discovery URL or uploaded file name. */
  url: string
  service: string
  method: string
}

export type TargetResolver = (address: CallAddress, serverUrl?: string) => string | undefined

function baseUrlOf(method: MethodInfo | undefined): string | undefined {
  // Operation-level servers arrive as an optional field of the method; older servers do not send it.
  return method && 'baseUrl' in method && typeof method.baseUrl === 'string' ? method.baseUrl : undefined
}

export function targetUrlOf(
  address: CallAddress,
  found: { service: ServiceInfo; method?: MethodInfo } | undefined,
  serverUrl?: string,
): string | undefined {
  // A server URL may pin the wire (`grpcweb@http://…`); the host is the address's.
  if (serverUrl) return parseUrlSpec(serverUrl).address
  const base = baseUrlOf(found?.method) ?? found?.service.baseUrl
  if (base) return base
  return found?.service.isUploaded ? undefined : parseUrlSpec(address.url).address
}

/** Looks the addressed service up among the discovered and uploaded ones. */
export function createTargetResolver(discovery: DiscoveryStore, uploads: UploadsStore): TargetResolver {
  const find = (address: CallAddress) => {
    const matches = (service: ServiceInfo, origin: string) =>
      service.protocol === address.protocol && service.name === address.service && origin === address.url
    for (const entry of Object.values(discovery.getState().byUrl)) {
      const service = entry.services.find((s) => matches(s, s.originUrl ?? entry.url))
      if (service) return { service, method: service.methods.find((m) => m.name === address.method) }
    }
    const uploaded = uploads.getState().services.find((s) => matches(s, s.originUrl ?? ''))
    return uploaded ? { service: uploaded, method: uploaded.methods.find((m) => m.name === address.method) } : undefined
  }
  return (address, serverUrl) => targetUrlOf(address, find(address), serverUrl)
}

/** The address of a method in the catalog. */
export function addressOf(ref: MethodRef): CallAddress {
  return { protocol: ref.service.protocol, url: ref.origin, service: ref.service.name, method: ref.method.name }
}
