/** What each protocol contributes to the generic UI: how its methods are labelled in the sidebar and which panes open them. */
import type { MethodInfo } from '@wirebench/core'
import { GenericRequestPane } from './generic/GenericRequestPane.js'
import { GenericResponsePane } from './generic/GenericResponsePane.js'
import { graphqlUi } from './graphql/graphql-ui.js'
import { GrpcRequestPane } from './grpc/GrpcRequestPane.js'
import { GrpcResponsePane } from './grpc/GrpcResponsePane.js'
import { verbBadge } from './rest/rest-decorations.js'
import { RestRequestPane } from './rest/RestRequestPane.js'
import { RestResponsePane } from './rest/RestResponsePane.js'
import { mcpUi } from './mcp/mcp-ui.js'
import type { ProtocolUi } from './protocol-ui.js'
import { signalrUi } from './signalr/signalr-ui.js'
import { sseUi } from './sse/sse-ui.js'
import { websocketUi } from './websocket/websocket-ui.js'

const callKindLabels: Record<MethodInfo['methodType'], string> = {
  Unary: 'RPC',
  ServerStreaming: 'SSTR',
  ClientStreaming: 'CSTR',
  Duplex: 'BIDI',
}

const generic: ProtocolUi = {
  badge: (method) => ({ label: callKindLabels[method.methodType], tone: 'other' }),
  label: (method) => method.name,
  RequestPane: GenericRequestPane,
  ResponsePane: GenericResponsePane,
}

const rest: ProtocolUi = {
  badge: verbBadge,
  label: (method) => method.httpPath ?? method.name,
  RequestPane: RestRequestPane,
  ResponsePane: RestResponsePane,
}

const grpc: ProtocolUi = {
  badge: generic.badge,
  label: (method) => method.name,
  RequestPane: GrpcRequestPane,
  ResponsePane: GrpcResponsePane,
}

// gRPC-Web and Connect are the same calls over other framings: the same panes serve them.
const byProtocol: Record<string, ProtocolUi> = {
  rest,
  grpc,
  grpcweb: grpc,
  connect: grpc,
  graphql: graphqlUi,
  sse: sseUi,
  websocket: websocketUi,
  signalr: signalrUi,
  mcp: mcpUi,
}

export function protocolUi(protocol: string): ProtocolUi {
  return byProtocol[protocol] ?? generic
}
