/**
 * What one call of the command received, kept for request chaining (`${response.…}` and `${<folder>/<name>.response.…}`
 * in later `--request`s of the same command) and for a saved request's assertions: a unary result, or a stream's or
 * channel's last message frame with its headers and end status.
 */
import { assertionSubjectOf, createStreamObservation, observeFrame, streamAssertionSubject } from '@wirebench/core'
import type { AssertionSubject, InvokeResult, ResponseSnapshot, StreamFrame } from '@wirebench/core'

export interface SeenResponse {
  unary: (result: InvokeResult) => void
  frame: (frame: StreamFrame) => void
  /** What chaining reads; undefined when nothing came back (a stream without messages, a failed call). */
  snapshot: () => ResponseSnapshot | undefined
  /** What assertions look at; undefined when nothing came back. */
  subject: () => AssertionSubject | undefined
}

export function createSeenResponse(now: () => number = () => performance.now()): SeenResponse {
  const startedAt = now()
  let result: InvokeResult | undefined
  const observation = createStreamObservation()
  return {
    unary: (value) => {
      result = value
    },
    frame: (frame) => observeFrame(observation, frame, now() - startedAt),
    snapshot: () => {
      if (result) {
        const subject = assertionSubjectOf(result)
        return { body: subject.body, status: subject.status, headers: subject.headers }
      }
      const { lastMessage, end, headers } = observation
      return lastMessage ? { body: lastMessage.data, status: end?.status ?? 'OK', headers } : undefined
    },
    subject: () => (result ? assertionSubjectOf(result) : streamAssertionSubject(observation)),
  }
}
