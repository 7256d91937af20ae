/** The outbound policy of a workbench: which schemes and targets its calls may reach (SECURITY.md "Outbound calls"). */
import { defaultOutboundSchemes } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'

export function workbenchOutboundPolicy(
  mode: 'standalone' | 'embedded',
  allowHosts: readonly string[] = [],
): OutboundPolicy {
  return {
    // gRPC addresses may be written grpc:// (plaintext) and grpcs:// (TLS); each plugin narrows to what it speaks.
    schemes: [...defaultOutboundSchemes, 'grpc:', 'grpcs:'],
    blockPrivate: mode === 'embedded',
    allowHosts: [...allowHosts],
  }
}
