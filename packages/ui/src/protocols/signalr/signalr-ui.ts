/** What SignalR contributes to the UI: a badge per hub method kind and the hub panes. */
import type { ProtocolUi } from '../protocol-ui.js'
import { hubBadge } from './signalr-badge.js'
import { SignalrRequestPane } from './SignalrRequestPane.js'
import { SignalrResponsePane } from './SignalrResponsePane.js'

export const signalrUi: ProtocolUi = {
  badge: hubBadge,
  label: (method) => method.name,
  RequestPane: SignalrRequestPane,
  ResponsePane: SignalrResponsePane,
}
