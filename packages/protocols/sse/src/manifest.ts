/**
 * The SSE plugin's manifest: what the server lists and routes by before the event-stream stack is loaded. Imports
 * nothing at run time (`@wirebench/protocol-sse/manifest`).
 */
import type { ProtocolManifest } from '@wirebench/core'

export const sseManifest: ProtocolManifest = {
  id: 'sse',
  name: 'SSE',
  description:
    'Server-Sent Events: a URL answering text/event-stream, streamed with optional Last-Event-ID reconnection.',
  // A GraphQL endpoint (graphql-yoga) also answers text/event-stream: there it is listed once, as GraphQL; an MCP
  // server's legacy HTTP+SSE stream is listed as MCP; a SignalR hub's event-stream transport lives at the hub URL too,
  // where the hub is listed as SignalR.
  defersTo: ['graphql', 'mcp', 'signalr'],
  exportFormats: ['curl', 'javascript-fetch', 'wirebench'],
  capabilities: { serverStreaming: true, channels: false },
}

export const manifests: readonly ProtocolManifest[] = [sseManifest]
