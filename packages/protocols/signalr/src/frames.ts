/** Hub events and connection states as StreamFrames: what the live log shows, with the kind, target and size in `meta`. */
import type { StreamFrame } from '@wirebench/core'
import type { HubEvent, HubState } from './client/hub-session.js'

export function eventFrame(event: HubEvent): StreamFrame {
  switch (event.kind) {
    case 'invocation':
      return {
        type: 'message',
        data: event.arguments,
        meta: {
          kind: 'invocation',
          target: event.target,
          bytes: event.bytes,
          ...(event.invocationId !== undefined ? { invocationId: event.invocationId } : {}),
        },
      }
    case 'streamItem':
      return {
        type: 'message',
        data: event.item,
        meta: { kind: 'streamItem', invocationId: event.invocationId, bytes: event.bytes },
      }
    case 'completion':
      return {
        type: 'message',
        data: event.error !== undefined ? { error: event.error } : (event.result ?? null),
        meta: {
          kind: 'completion',
          invocationId: event.invocationId,
          bytes: event.bytes,
          ...(event.error !== undefined ? { error: event.error } : {}),
        },
      }
    case 'ping':
      return { type: 'message', data: null, meta: { kind: 'ping', bytes: event.bytes } }
    case 'close': {
      const data: Record<string, unknown> = {}
      if (event.error !== undefined) data['error'] = event.error
      if (event.allowReconnect !== undefined) data['allowReconnect'] = event.allowReconnect
      return { type: 'message', data, meta: { kind: 'close', bytes: event.bytes } }
    }
  }
}

/** A connection state change (connecting, connected, reconnecting with its attempt, reconnected) as a log entry. */
export function stateFrame(
  state: HubState | { state: 'connecting' } | { state: 'connected'; [key: string]: unknown },
): StreamFrame {
  return { type: 'message', data: state, meta: { kind: 'state', state: state.state } }
}

/** How many bytes a frame holds in a queue (its wire size, plus a little for the frame itself). */
export function frameCost(frame: StreamFrame): number {
  const bytes = frame.type === 'message' ? (frame.meta?.['bytes'] as number | undefined) : undefined
  return (bytes ?? 64) + 64
}
