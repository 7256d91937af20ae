/** Options of the WebSocket plugin. */
import type { OutboundPolicy } from '@wirebench/core'

export interface WebSocketPluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
}
