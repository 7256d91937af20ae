/** What the GraphQL protocol contributes to the UI: Q / M / SUB badges and its own panes (loaded on first use). */
import type { ProtocolUi } from '../protocol-ui.js'
import { graphqlBadge } from './graphql-badge.js'
import { LazyGraphqlRequestPane, LazyGraphqlResponsePane } from './LazyGraphqlPanes.js'

export const graphqlUi: ProtocolUi = {
  badge: (method) => graphqlBadge(method),
  label: (method) => method.name,
  RequestPane: LazyGraphqlRequestPane,
  ResponsePane: LazyGraphqlResponsePane,
}
