/**
 * What one call of the command received, kept for request chaining (`${response.…}` and `${<folder>/<name>.response.…}`
 * in later `--request`s of the same command) and for a saved request's assertions: a unary result, or a stream's or
 * channel's last message frame with its headers and end status.
 */
import { assertionSubjectOf } from '@wirebench/core'
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
  let headers: Record<string, string> = {}
  let last: { data: unknown } | undefined
  let status: string | undefined
  return {
    unary: (value) => {
      result = value
    },
    frame: (frame) => {
      if (frame.type === 'headers') headers = { ...headers, ...frame.metadata }
      else if (frame.type === 'message') last = { data: frame.data }
      else if (frame.type === 'end') status = frame.status
    },
    snapshot: () => {
      if (result) {
        const subject = assertionSubjectOf(result)
        return { body: subject.body, status: subject.status, headers: subject.headers }
      }
      return last ? { body: last.data, status: status ?? 'OK', headers } : undefined
    },
    subject: () => {
      if (result) return assertionSubjectOf(result)
      if (!last && status === undefined) return undefined
      return {
        status: status ?? 'OK',
        statusName: status ?? 'OK',
        headers,
        body: last?.data,
        durationMs: Math.round(now() - startedAt),
      }
    },
  }
}
