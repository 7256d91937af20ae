/** How the sidebar and the request pane label a SignalR hub method: a badge per kind (invoke, send, stream…). */
import type { MethodInfo } from '@wirebench/core'

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
