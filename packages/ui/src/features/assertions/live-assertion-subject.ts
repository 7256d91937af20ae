/** What a saved request's assertions look at on a live call (a stream or channel), read from the call's state. */
import { createStreamObservation, streamAssertionSubject } from '@wirebench/core'
import type { AssertionSubject } from '@wirebench/core'
import type { LiveCallState } from '../../state/live-store.js'

function isControlFrame(meta: Record<string, unknown> | undefined): boolean {
  return meta?.['opcode'] === 'ping' || meta?.['opcode'] === 'pong'
}

export function liveAssertionSubject(call: LiveCallState): AssertionSubject | undefined {
  const observation = createStreamObservation()
  observation.headers = call.headers ?? {}
  for (let index = call.log.end - 1; index >= call.log.first; index--) {
    const entry = call.log.at(index)
    if (entry?.direction === 'in' && entry.kind === 'message' && !isControlFrame(entry.meta)) {
      observation.lastMessage = { data: entry.data }
      break
    }
  }
  if (call.firstMessageAt !== undefined) {
    observation.firstMessageMs = Math.max(0, Math.round(call.firstMessageAt - call.startedAt))
  }
  if (call.end) {
    observation.end =
      call.end.details === undefined
        ? { status: call.end.status }
        : { status: call.end.status, details: call.end.details }
  }
  return streamAssertionSubject(observation)
}
