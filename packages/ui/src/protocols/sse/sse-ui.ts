/** What the SSE protocol contributes to the UI: the SSE badge, the stream request pane and the live event log. */
import type { ProtocolUi } from '../protocol-ui.js'
import { SseRequestPane } from './SseRequestPane.js'
import { SseResponsePane } from './SseResponsePane.js'

export const sseUi: ProtocolUi = {
  badge: () => ({ label: 'SSE', tone: 'other' }),
  label: (method) => method.name,
  RequestPane: SseRequestPane,
  ResponsePane: SseResponsePane,
}
