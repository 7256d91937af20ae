/** The MCP demo: a kitchen server over Streamable HTTP, and the bundled `mcp.json` that lists server-everything over stdio. */
import { fileURLToPath } from 'node:url'
export { startMcpDemo } from './server.js'
export type { McpDemoOptions } from './server.js'
export { cuisines } from './prompts.js'
export { clockUri, dishes } from './resources.js'

/** `examples/demo/mcp.json`: `@modelcontextprotocol/server-everything` over stdio (run from the repository's node_modules). */
export const demoMcpConfigFile = fileURLToPath(new URL('../../mcp.json', import.meta.url))

/** The address of the stdio server that file lists. */
export const demoStdioUrl = 'mcp+stdio://everything'
