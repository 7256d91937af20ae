/** The outbound policy of a workbench: which schemes and targets its calls may reach (SECURITY.md "Outbound calls"). */
import { MCP_STDIO_SCHEME, defaultOutboundSchemes } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'

export function workbenchOutboundPolicy(
  mode: 'standalone' | 'embedded',
  allowHosts: readonly string[] = [],
): OutboundPolicy {
  return {
    // gRPC addresses may be written grpc:// (plaintext) and grpcs:// (TLS), configured MCP stdio servers
    // mcp+stdio://<name>; each plugin narrows to what it speaks.
    schemes: [...defaultOutboundSchemes, 'grpc:', 'grpcs:', MCP_STDIO_SCHEME],
    blockPrivate: mode === 'embedded',
    allowHosts: [...allowHosts],
  }
}
