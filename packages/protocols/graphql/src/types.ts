/** Options of the GraphQL plugin. */
import type { OutboundPolicy } from '@wirebench/core'

export interface GraphqlPluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
}
