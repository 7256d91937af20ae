/**
 * The Server field of an uploaded gRPC service may name the wire the calls use, with the URL bar's pin syntax:
 * `grpcweb@http://host:port` (gRPC-Web) or `connect@http://host:port` (the Connect protocol); a plain address is gRPC.
 * Only uploads take it: their descriptors are shared by the three wires, a discovered server's are not.
 */
import type { MethodRef } from '../../state/catalog.js'

const wires = ['grpc', 'grpcweb', 'connect'] as const
export type GrpcWireId = (typeof wires)[number]

export const wireLabels: Record<GrpcWireId, string> = { grpc: 'gRPC', grpcweb: 'gRPC-Web', connect: 'Connect' }

export interface WirePin {
  wire: GrpcWireId | undefined
  /** The address without its pin. */
  serverUrl: string | undefined
}

export function splitWirePin(value: string | undefined): WirePin {
  const match = value === undefined ? null : /^\s*([a-z]+)@(.+)$/.exec(value)
  const wire = wires.find((w) => w === match?.[1])
  if (!match || !wire) return { wire: undefined, serverUrl: value }
  return { wire, serverUrl: match[2]?.trim() }
}

/** The method as the call addresses it: an uploaded service goes to the pinned wire's plugin. */
export function withWire(target: MethodRef, wire: GrpcWireId | undefined): MethodRef {
  if (!wire || !target.service.isUploaded || target.service.protocol === wire) return target
  return { ...target, service: { ...target.service, protocol: wire } }
}
