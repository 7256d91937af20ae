/** @wirebench/protocol-mcp/oauth: MCP authorization (Connect) for the workbench server. */
export { createMcpAuthorizations } from './authorizations.js'
export type { McpAuthorizations } from './authorizations.js'
export type { McpAuthorizer } from './authorizer.js'
