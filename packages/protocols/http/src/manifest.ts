/**
 * The plain HTTP plugin's manifest: what the server lists and routes by before the plugin is loaded. Imports nothing
 * at run time (`@wirebench/protocol-http/manifest`).
 */
import type { ProtocolManifest } from '@wirebench/core'

export const httpManifest: ProtocolManifest = {
  id: 'http',
  name: 'HTTP',
  description:
    'Plain HTTP requests without a schema: what a curl command, a Postman, Insomnia or HAR file describes, sent as written.',
  // Nothing to find behind a URL: the fan-out leaves this plugin out (no `empty` attempt for every URL).
  urlDiscovery: false,
  exportFormats: ['curl', 'httpie', 'python-requests', 'python-httpx', 'javascript-fetch', 'wirebench'],
  capabilities: { serverStreaming: false, channels: false },
}

export const manifests: readonly ProtocolManifest[] = [httpManifest]
