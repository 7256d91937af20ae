/** How the sidebar and the panes label an MCP method: a badge per kind (tool, resource, template, prompt, session). */
import type { MethodInfo } from '@wirebench/core'

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
