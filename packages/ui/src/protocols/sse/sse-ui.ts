/** What the SSE protocol contributes to the UI (skeleton: the generic panes until its own land). */
import { GenericRequestPane } from '../generic/GenericRequestPane.js'
import { GenericResponsePane } from '../generic/GenericResponsePane.js'
import type { ProtocolUi } from '../registry.js'

export const sseUi: ProtocolUi = {
  badge: (method) => ({ label: method.methodType === 'Unary' ? 'RPC' : 'LIVE', tone: 'other' }),
  label: (method) => method.name,
  RequestPane: GenericRequestPane,
  ResponsePane: GenericResponsePane,
}
