/**
 * The JSON-RPC request a unary call sent, for the response pane and the command line's `-v`: the method and params as
 * written to the session (the SDK adds the `id`), and the call's own headers with credentials masked by name. Headers
 * of a configured server stay out: its configuration file's values are never shown.
 */
import type { SentRequest } from '@wirebench/core'
import { describeSentRequest } from '@wirebench/transport/net'
import type { McpSession } from './session/mcp-session.js'
import { sessionHeaders } from './session/session-key.js'

export function jsonRpcSent(
  session: McpSession,
  address: string,
  metadata: Record<string, string>,
  request: { method: string; params: Record<string, unknown> },
): SentRequest {
  const body = JSON.stringify({ jsonrpc: '2.0', method: request.method, params: request.params })
  const isStdio = session.transportKind === 'stdio'
  return describeSentRequest({
    // Over stdio there is no HTTP request: the line goes to the process's standard input.
    method: isStdio ? 'STDIN' : 'POST',
    url: address,
    headers: isStdio ? {} : { 'content-type': 'application/json', ...sessionHeaders(metadata) },
    body,
  })
}
