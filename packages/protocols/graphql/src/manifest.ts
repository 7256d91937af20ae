/**
 * The GraphQL plugin's manifest: what the server lists and routes by before graphql-js and the subscription clients
 * are loaded. Imports nothing at run time (`@wirebench/protocol-graphql/manifest`).
 */
import type { ProtocolManifest } from '@wirebench/core'

export const graphqlManifest: ProtocolManifest = {
  id: 'graphql',
  name: 'GraphQL',
  description:
    'GraphQL over HTTP: discovery by introspection, queries and mutations, subscriptions over graphql-ws and graphql-sse.',
  exportFormats: ['curl', 'python-requests', 'python-httpx', 'javascript-fetch', 'wirebench'],
  // Subscriptions are server streams.
  capabilities: { serverStreaming: true, channels: false },
}

export const manifests: readonly ProtocolManifest[] = [graphqlManifest]
