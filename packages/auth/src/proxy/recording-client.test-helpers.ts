/** A TokenClient that records every request body and answers from a script: the thing under test is the cache. */
import type { TokenClient } from './token-client.js'

type Method = keyof TokenClient
export interface RecordedCall {
  method: Method
  body: unknown
}

export interface RecordingClient extends TokenClient {
  calls: RecordedCall[]
  /** Calls of one method. */
  of(method: Method): unknown[]
}

/** `answer(method, body, n)` returns the JSON (or throws); n counts calls of that method from 1. */
export function recordingClient(answer: (method: Method, body: unknown, n: number) => unknown): RecordingClient {
  const calls: RecordedCall[] = []
  const handle = (method: Method) => async (body: unknown) => {
    calls.push({ method, body })
    // Yield once so concurrent callers really overlap with an in-flight request.
    await Promise.resolve()
    return answer(method, body, calls.filter((c) => c.method === method).length)
  }
  return {
    calls,
    of: (method) => calls.filter((c) => c.method === method).map((c) => c.body),
    oauthToken: handle('oauthToken'),
    codeExchange: handle('codeExchange'),
    refresh: handle('refresh'),
    customToken: handle('customToken'),
  }
}

/** A settable clock in milliseconds. */
export function manualClock(start = 1_700_000_000_000): { now: () => number; advance: (ms: number) => void } {
  let current = start
  return { now: () => current, advance: (ms) => void (current += ms) }
}
