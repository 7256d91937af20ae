/**
 * What a saved request's assertions look at when its call is a server stream or a channel: the close code (a
 * WebSocket's) or the HTTP status or the end status as `status`, the last message frame as the body, the time to the
 * first message frame as the latency. Frames are not checked against a schema, so `schema-valid` proves nothing here.
 */
import type { StatusName } from '../model/wire.js'
import type { StreamFrame } from '../model/stream.js'
import type { AssertionSubject } from './evaluate.js'

/** A stream or channel as far as its assertions need it, gathered frame by frame (`observeFrame`). */
export interface StreamObservation {
  headers: Record<string, string>
  /** The last message frame received. */
  lastMessage?: { data: unknown }
  /** Milliseconds from opening the call to its first message frame. */
  firstMessageMs?: number
  end?: { status: StatusName; details?: unknown }
}

export function createStreamObservation(): StreamObservation {
  return { headers: {} }
}

/** Takes one frame into `observation`; `elapsedMs` is the time since the call was opened. */
export function observeFrame(observation: StreamObservation, frame: StreamFrame, elapsedMs: number): void {
  switch (frame.type) {
    case 'headers':
      observation.headers = { ...observation.headers, ...frame.metadata }
      return
    case 'message':
      // Control frames (a WebSocket's pings and pongs) are no message of the conversation.
      if (frame.meta?.['opcode'] === 'ping' || frame.meta?.['opcode'] === 'pong') return
      observation.lastMessage = { data: frame.data }
      observation.firstMessageMs ??= Math.round(elapsedMs)
      return
    case 'trailers':
      return
    case 'end':
      observation.end =
        frame.details === undefined ? { status: frame.status } : { status: frame.status, details: frame.details }
  }
}

function closeCode(details: unknown): number | undefined {
  const code = typeof details === 'object' && details !== null ? (details as { code?: unknown }).code : undefined
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined
}

/**
 * The subject of a stream's or channel's assertions; undefined when nothing came back (no frame, no end). While the
 * call is open its status is `open`, which no status assertion expects.
 */
export function streamAssertionSubject(observation: StreamObservation): AssertionSubject | undefined {
  const { headers, lastMessage, firstMessageMs, end } = observation
  if (!lastMessage && !end && Object.keys(headers).length === 0) return undefined
  const http = Number(headers['http_status'])
  const code = closeCode(end?.details)
  const status = code ?? (Number.isInteger(http) && http > 0 ? http : (end?.status ?? 'open'))
  return {
    status,
    statusName: end?.status ?? 'open',
    headers,
    body: lastMessage?.data,
    durationMs: firstMessageMs,
    latencyOf: 'the first frame',
    notValidatedReason: 'stream and channel frames are not checked against a schema',
  }
}
