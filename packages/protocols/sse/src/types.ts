/** Options of the SSE plugin. */
import type { OutboundPolicy } from '@wirebench/core'

export interface SsePluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
}
