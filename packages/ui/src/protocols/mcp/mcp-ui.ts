/** What MCP contributes to the UI: a badge per method kind, the server's titles in the sidebar, and the MCP panes. */
import type { MethodInfo } from '@wirebench/core'
import type { ProtocolUi } from '../protocol-ui.js'
import { McpRequestPane } from './McpRequestPane.js'
import { McpResponsePane } from './McpResponsePane.js'

const badges: Record<NonNullable<MethodInfo['mcp']>['kind'], string> = {
  tool: 'TOOL',
  resource: 'RES',
  resourceTemplate: 'TMPL',
  prompt: 'PRMT',
  session: 'SESS',
}

export function mcpBadge(method: Pick<MethodInfo, 'mcp'>): { label: string; tone: 'other' } {
  return { label: method.mcp ? badges[method.mcp.kind] : 'MCP', tone: 'other' }
}

export const mcpUi: ProtocolUi = {
  badge: mcpBadge,
  label: (method) => method.name,
  RequestPane: McpRequestPane,
  ResponsePane: McpResponsePane,
}
