/**
 * The manifests of the gRPC family (`grpc`, `grpcweb`, `connect`): what the server lists and routes by before
 * protobuf-es and connect are loaded. Imports nothing at run time (`@wirebench/protocol-grpc/manifest`).
 */
import type { PluginSetting, ProtocolManifest } from '@wirebench/core'
import type { GrpcWire } from './types.js'

const settings: PluginSetting[] = [
  {
    key: 'showInternalServices',
    label: 'Show reflection services',
    type: 'boolean',
    default: false,
    description: 'List the grpc.reflection.* services too.',
  },
  {
    key: 'emitDefaultValues',
    label: 'Show zero values',
    type: 'boolean',
    default: true,
    description: 'Show fields holding zero values (0, "", false, []) in responses.',
  },
]

// All four call kinds on every wire: server streams, and client streams and bidi as channels.
const capabilities = { serverStreaming: true, channels: true }

export const grpcManifests: Readonly<Record<GrpcWire, ProtocolManifest>> = {
  grpc: {
    id: 'grpc',
    name: 'gRPC',
    description: 'gRPC over HTTP/2: discovery by server reflection or .proto upload, all call kinds.',
    settings,
    // .proto uploads import each other: the server passes the other stored ones after the uploaded file.
    uploadExtensions: ['.proto'],
    uploadSiblings: true,
    exportFormats: ['grpcurl', 'wirebench'],
    capabilities,
  },
  grpcweb: {
    id: 'grpcweb',
    name: 'gRPC-Web',
    description: 'gRPC-Web over HTTP/2 or HTTP/1.1, for gRPC-Web servers and proxies (grpcweb@url).',
    settings,
    exportFormats: ['wirebench'],
    capabilities,
  },
  connect: {
    id: 'connect',
    name: 'Connect',
    description: 'The Connect protocol over HTTP/2 or HTTP/1.1 (connect@url).',
    settings,
    exportFormats: ['wirebench'],
    capabilities,
  },
}

/** In the order discovery needs: `grpc` first, the other wires stand back for it. */
export const manifests: readonly ProtocolManifest[] = [grpcManifests.grpc, grpcManifests.grpcweb, grpcManifests.connect]
