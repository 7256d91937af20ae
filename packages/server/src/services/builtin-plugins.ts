/**
 * The protocol plugins the server ships with, each known by its manifest and loaded on first use. Adding a protocol
 * adds one manifest import here (a few hundred bytes), not its stack, to the server's start-up.
 */
import { manifests as graphqlManifests } from '@wirebench/protocol-graphql/manifest'
import { manifests as grpcManifests } from '@wirebench/protocol-grpc/manifest'
import { manifests as httpManifests } from '@wirebench/protocol-http/manifest'
import { manifests as mcpManifests } from '@wirebench/protocol-mcp/manifest'
import { manifests as restManifests } from '@wirebench/protocol-rest/manifest'
import { manifests as signalrManifests } from '@wirebench/protocol-signalr/manifest'
import { manifests as sseManifests } from '@wirebench/protocol-sse/manifest'
import { manifests as webSocketManifests } from '@wirebench/protocol-websocket/manifest'
import type { OutboundPolicy, ProtocolPlugin } from '@wirebench/core'
import type { McpProcessBoard, McpServerDirectory } from '@wirebench/protocol-mcp/config'
import type { SpawnFunction } from '@wirebench/protocol-mcp'
import type { McpAuthorizer } from '@wirebench/protocol-mcp/oauth'
import type { RestHost } from '@wirebench/protocol-rest'
import type { HostEndpointView } from '../embedded/host-endpoints.js'
import type { CookieJars } from '@wirebench/transport'
import { createLazyPlugins } from './lazy-plugin.js'
import type { LazyPluginFamily } from './lazy-plugin.js'

export interface BuiltinPluginOptions {
  outbound: OutboundPolicy
  /** The server's per-environment cookie jars, shared by every plugin that sends cookies (created on first need). */
  cookieJars: () => Promise<CookieJars>
  /** The trusted MCP configuration (stdio servers by name) and where their processes' state is published. */
  mcp?: {
    servers?: McpServerDirectory
    processes?: McpProcessBoard
    spawn?: SpawnFunction
    authorizer?: McpAuthorizer
    serverRequestTimeoutMs?: number
    /** Where nobody can answer a server's request (the command line): refused at once and reported here. */
    onUnanswerableRequest?: (method: 'elicitation/create' | 'sampling/createMessage') => void
  }
  /** Embedded mode: the host whose own routes the REST plugin reads from its route table and calls in process. */
  host?: RestHost
  /**
   * Embedded mode: the host's GraphQL, WebSocket, SSE and MCP endpoints (reachable on the host's listener, GraphQL
   * schemas read in process).
   */
  hostEndpoints?: Pick<HostEndpointView, 'owns' | 'schemaAt' | 'listener'>
}

/** The built-in families, in registration order (the first plugin to claim an upload extension keeps it). */
export function builtinPluginFamilies(options: BuiltinPluginOptions): LazyPluginFamily[] {
  const { outbound, cookieJars, mcp, host, hostEndpoints } = options
  return [
    {
      manifests: restManifests,
      module: '@wirebench/protocol-rest',
      load: async () => [
        (await import('@wirebench/protocol-rest')).createRestPlugin({
          outbound,
          cookieJars: await cookieJars(),
          ...(host ? { host } : {}),
        }),
      ],
    },
    {
      manifests: grpcManifests,
      module: '@wirebench/protocol-grpc',
      load: async () => (await import('@wirebench/protocol-grpc')).createGrpcPlugins({ outbound }),
    },
    {
      manifests: graphqlManifests,
      module: '@wirebench/protocol-graphql',
      load: async () => [
        (await import('@wirebench/protocol-graphql')).createGraphqlPlugin({
          outbound,
          cookieJars: await cookieJars(),
          ...(hostEndpoints ? { host: hostEndpoints } : {}),
        }),
      ],
    },
    {
      manifests: sseManifests,
      module: '@wirebench/protocol-sse',
      load: async () => [
        (await import('@wirebench/protocol-sse')).createSsePlugin({
          outbound,
          cookieJars: await cookieJars(),
          ...(hostEndpoints ? { host: hostEndpoints } : {}),
        }),
      ],
    },
    {
      manifests: webSocketManifests,
      module: '@wirebench/protocol-websocket',
      load: async () => [
        (await import('@wirebench/protocol-websocket')).createWebSocketPlugin({
          outbound,
          ...(hostEndpoints ? { host: hostEndpoints } : {}),
        }),
      ],
    },
    {
      manifests: signalrManifests,
      module: '@wirebench/protocol-signalr',
      load: async () => [
        (await import('@wirebench/protocol-signalr')).createSignalrPlugin({
          outbound,
          ...(hostEndpoints ? { host: hostEndpoints } : {}),
        }),
      ],
    },
    {
      manifests: mcpManifests,
      module: '@wirebench/protocol-mcp',
      load: async () => [
        (await import('@wirebench/protocol-mcp')).createMcpPlugin({
          outbound,
          cookieJars: await cookieJars(),
          ...mcp,
          ...(hostEndpoints ? { host: hostEndpoints } : {}),
        }),
      ],
    },
    {
      // Claims no URL in discovery: it sends the plain requests imports and saved requests describe.
      manifests: httpManifests,
      module: '@wirebench/protocol-http',
      load: async () => [
        (await import('@wirebench/protocol-http')).createHttpPlugin({
          outbound,
          cookieJars: await cookieJars(),
          ...(hostEndpoints ? { host: hostEndpoints } : {}),
        }),
      ],
    },
  ]
}

export function createBuiltinPlugins(options: BuiltinPluginOptions): ProtocolPlugin[] {
  return builtinPluginFamilies(options).flatMap(createLazyPlugins)
}
