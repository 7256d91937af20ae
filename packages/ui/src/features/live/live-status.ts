/** What a live call's state means to the user: a short label, a tone for the badge, and a sentence for the log's last row. */
import { statusNames } from '@wirebench/core'
import type { StatusTone } from '../response/StatusBadge.js'
import type { LiveCallState } from '../../state/live-store.js'

export interface LiveStatusView {
  label: string
  tone: StatusTone
  sentence: string
}

/** `NotFound (5)`: the gRPC status name with its code. */
export function statusWithCode(name: string): string {
  const code = (statusNames as readonly string[]).indexOf(name)
  return code >= 0 ? `${name} (${code})` : name
}

export function liveStatusView(call: LiveCallState): LiveStatusView {
  if (call.isConnectionLost) {
    return { label: 'Connection lost', tone: 'server-error', sentence: 'Connection lost: the call ended.' }
  }
  switch (call.status) {
    case 'opening':
      return { label: 'Opening', tone: 'other', sentence: 'Opening the call…' }
    case 'open':
      return {
        label: call.mode === 'channel' ? 'Open' : 'Streaming',
        tone: 'redirect',
        sentence: call.mode === 'channel' ? 'Channel open: send messages with the composer.' : 'Receiving…',
      }
    case 'half-closed':
      return {
        label: 'Half-closed',
        tone: 'redirect',
        sentence: 'You half-closed the call; waiting for the server to finish…',
      }
    case 'closed':
    case 'error': {
      const end = call.end
      if (end) {
        const label = statusWithCode(end.status)
        const tone = end.status === 'OK' ? 'success' : end.status === 'Cancelled' ? 'client-error' : 'server-error'
        // A WebSocket close says it best itself ("Closed 4001: bye"): lead with it, the status after.
        if (end.message && /^Closed \d+/.test(end.message))
          return { label, tone, sentence: `${end.message} · ${label}` }
        return { label, tone, sentence: `Ended · ${label}${end.message ? ` · ${end.message}` : ''}` }
      }
      if (call.problem) return { label: 'Failed', tone: 'server-error', sentence: `Failed · ${call.problem.title}` }
      return { label: 'Closed', tone: 'success', sentence: 'Ended.' }
    }
  }
}
