/**
 * What a gRPC call put on the wire, as far as the plugin knows it: POST to `/<service>/<method>` of the target with
 * the call's metadata (credentials masked) and the request message, shown as the JSON it was encoded from.
 */
import type { SentRequest } from '@wirebench/core'
import { MASK, isCredentialHeader } from '@wirebench/transport/net'
import type { GrpcWire } from './types.js'
import type { PreparedCall } from './prepared-call.js'

const contentTypes: Record<GrpcWire, string> = {
  grpc: 'application/grpc+proto',
  grpcweb: 'application/grpc-web+proto',
  connect: 'application/proto',
}

export function grpcSentRequest(call: PreparedCall, messages: readonly unknown[], wire: GrpcWire): SentRequest {
  const headers: Array<[string, string]> = [['content-type', contentTypes[wire]]]
  call.headers.forEach((value, name) => {
    headers.push([name, isCredentialHeader(name) ? MASK : value])
  })
  const body = JSON.stringify(messages.length === 1 ? messages[0] : messages, null, 2) ?? '{}'
  return {
    method: 'POST',
    url: `${call.url.replace(/\/+$/, '')}/${call.desc.parent.typeName}/${call.desc.name}`,
    headers,
    body,
    bodySummary: 'Encoded as protobuf on the wire; shown as the JSON it was encoded from.',
  }
}
