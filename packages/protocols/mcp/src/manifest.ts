/**
 * The MCP plugin's manifest: what the server lists and routes by before the MCP SDK is loaded. Imports nothing at run
 * time (`@wirebench/protocol-mcp/manifest`).
 */
import type { ProtocolManifest } from '@wirebench/core'

export const mcpManifest: ProtocolManifest = {
  id: 'mcp',
  name: 'MCP',
  description:
    'Model Context Protocol servers: tools, resources and prompts over Streamable HTTP, HTTP+SSE or stdio (configured servers, mcp+stdio://<name>), with a live session channel for notifications and server requests.',
  exportFormats: ['wirebench'],
  capabilities: { serverStreaming: true, channels: true },
}

export const manifests: readonly ProtocolManifest[] = [mcpManifest]
