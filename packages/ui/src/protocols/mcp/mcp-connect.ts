/**
 * MCP authorization from the page (framework-free): the server runs the discovery and registration steps and answers
 * the authorize URL, the popup brings the code back through `/oauth-callback` (the same popup as the REST OAuth
 * helper), and the server trades it for tokens it keeps. The page only ever learns "connected as / expires".
 */
import { MCP_AUTH_ROUTES } from '@wirebench/core'
import type { McpAuthStartRequest, McpAuthStartResponse, McpAuthStatus, McpAuthStep } from '@wirebench/core'
import type { ApiClient } from '../../api/api-client.js'
import { waitForAuthorization } from '../../features/auth/oauth-popup.js'

export interface ConnectOptions extends McpAuthStartRequest {
  signal?: AbortSignal
  /** Each step as it completes (metadata found, client registered, authorized, token). */
  onSteps?: (steps: McpAuthStep[]) => void
}

export async function connectMcpServer(api: ApiClient, options: ConnectOptions): Promise<McpAuthStatus> {
  const { signal, onSteps, ...start } = options
  const started = await api.request<McpAuthStartResponse>(MCP_AUTH_ROUTES.start, {
    method: 'POST',
    json: start,
    ...(signal ? { signal } : {}),
  })
  onSteps?.(started.steps)
  const answer = await waitForAuthorization({
    url: started.authorizationUrl,
    state: started.state,
    ...(signal ? { signal } : {}),
  })
  const status = await api.request<McpAuthStatus>(MCP_AUTH_ROUTES.complete, {
    method: 'POST',
    json: { state: answer.state, code: answer.code, ...(answer.iss === undefined ? {} : { iss: answer.iss }) },
    ...(signal ? { signal } : {}),
  })
  onSteps?.(status.steps ?? started.steps)
  return status
}

export function mcpAuthStatus(api: ApiClient, url: string, signal?: AbortSignal): Promise<McpAuthStatus> {
  return api.request<McpAuthStatus>(MCP_AUTH_ROUTES.status, {
    method: 'POST',
    json: { url },
    ...(signal ? { signal } : {}),
  })
}

export function disconnectMcpServer(api: ApiClient, url: string): Promise<McpAuthStatus> {
  return api.request<McpAuthStatus>(MCP_AUTH_ROUTES.disconnect, { method: 'POST', json: { url } })
}
