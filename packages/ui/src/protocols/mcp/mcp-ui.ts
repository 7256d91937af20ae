/** What MCP contributes to the UI: a badge per method kind, the server's titles in the sidebar, and the MCP panes. */
import type { ProtocolUi } from '../protocol-ui.js'
import { mcpBadge } from './mcp-badge.js'
import { McpRequestPane } from './McpRequestPane.js'
import { McpResponsePane } from './McpResponsePane.js'

export const mcpUi: ProtocolUi = {
  badge: mcpBadge,
  label: (method) => method.name,
  RequestPane: McpRequestPane,
  ResponsePane: McpResponsePane,
}
