/**
 * The REST plugin's manifest: what the server lists and routes by before the OpenAPI stack is loaded. Imports nothing
 * at run time (`@wirebench/protocol-rest/manifest`).
 */
import type { ProtocolManifest } from '@wirebench/core'

export const restManifest: ProtocolManifest = {
  id: 'rest',
  name: 'REST / OpenAPI',
  description: 'OpenAPI 3.0/3.1 and Swagger 2.0 documents (JSON or YAML): discovery and HTTP calls.',
  uploadExtensions: ['.json', '.yaml', '.yml'],
  // An MCP endpoint is MCP's even if some GET of it looked like a document; a SignalR hub URL is listed as SignalR,
  // whatever a GET of it answers.
  defersTo: ['mcp', 'signalr'],
  exportFormats: ['curl', 'httpie', 'python-requests', 'python-httpx', 'javascript-fetch', 'wirebench'],
  // Operations answering text/event-stream are server streams.
  capabilities: { serverStreaming: true, channels: false },
}

export const manifests: readonly ProtocolManifest[] = [restManifest]
