/** What SignalR contributes to the UI: a badge per hub method kind and the hub panes. */
import type { MethodInfo } from '@wirebench/core'
import type { ProtocolUi } from '../protocol-ui.js'
import { SignalrRequestPane } from './SignalrRequestPane.js'
import { SignalrResponsePane } from './SignalrResponsePane.js'

const badges: Record<string, string> = {
  invoke: 'INV',
  send: 'SEND',
  stream: 'STRM',
  upload: 'UPLD',
  connection: 'CONN',
}

export function hubBadge(method: Pick<MethodInfo, 'name'>): { label: string; tone: 'other' } {
  return { label: badges[method.name] ?? 'HUB', tone: 'other' }
}

export const signalrUi: ProtocolUi = {
  badge: hubBadge,
  label: (method) => method.name,
  RequestPane: SignalrRequestPane,
  ResponsePane: SignalrResponsePane,
}
