/** What the WebSocket protocol contributes to the UI: the WS badge, the connection/composer pane and the live log. */
import type { ProtocolUi } from '../protocol-ui.js'
import { WebSocketRequestPane } from './WebSocketRequestPane.js'
import { WebSocketResponsePane } from './WebSocketResponsePane.js'

export const websocketUi: ProtocolUi = {
  badge: () => ({ label: 'WS', tone: 'other' }),
  label: (method) => method.name,
  RequestPane: WebSocketRequestPane,
  ResponsePane: WebSocketResponsePane,
}
