/** Types of the gRPC plugin: options, wire protocols and what it keeps per discovered target. */
import type { DescMethod, FileRegistry } from '@bufbuild/protobuf'
import type { MethodInfo, OutboundPolicy, ServiceInfo } from '@wirebench/core'
import type { GrpcAddress } from './address.js'
import type { HttpVersion } from './http-version.js'
import type { Codec } from './codec.js'

/** The three wire protocols one connect client speaks: gRPC (HTTP/2), gRPC-Web and Connect. */
export type GrpcWire = 'grpc' | 'grpcweb' | 'connect'

export interface GrpcPluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** List `grpc.reflection.*` services too. */
  showInternalServices?: boolean
  /**
   * Show zero values (empty strings, 0, false, empty lists) in responses. On by default: a workbench user wants to
   * see that a field is 0, not wonder whether the server sent it (proto3 JSON omits them otherwise).
   */
  emitDefaultValues?: boolean
  /** Discovered URL targets kept (least recently used go first); uploads are never evicted. */
  maxCachedTargets?: number
  /** Nesting depth of message fields in discovered forms before they are cut (`truncated`). */
  maxMessageDepth?: number
}

export interface ResolvedOptions {
  outbound: OutboundPolicy | undefined
  showInternalServices: boolean
  emitDefaultValues: boolean
  maxCachedTargets: number
  maxMessageDepth: number
}

export function resolveOptions(options: GrpcPluginOptions): ResolvedOptions {
  return {
    outbound: options.outbound,
    showInternalServices: options.showInternalServices ?? false,
    emitDefaultValues: options.emitDefaultValues ?? true,
    maxCachedTargets: options.maxCachedTargets ?? 64,
    maxMessageDepth: options.maxMessageDepth ?? 6,
  }
}

export interface CachedMethod {
  service: ServiceInfo
  info: MethodInfo
  desc: DescMethod
}

/** What discovery leaves behind for calls: descriptors, the address and a way back to each method. */
export interface CachedTarget {
  registry: FileRegistry
  codec: Codec
  services: ServiceInfo[]
  /** Where calls go; absent for uploads, whose calls must name a server URL. */
  address?: GrpcAddress
  /** The HTTP version reflection answered over (gRPC-Web and Connect); calls use the same. */
  httpVersion?: HttpVersion
  methods: Map<string, CachedMethod>
}

export function methodKey(service: string, method: string): string {
  return `${service}\u0000${method}`
}
