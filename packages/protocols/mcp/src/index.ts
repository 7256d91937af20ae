/** @wirebench/protocol-mcp: MCP servers over Streamable HTTP, HTTP+SSE and configured stdio processes. */
export { createMcpPlugin } from './plugin.js'
export type { McpPluginOptions, SpawnFunction } from './types.js'
