/**
 * One live call's state and how the server's messages change it: status, counts, seq checks, headers, trailers and
 * end status; message frames go into the call's capped log.
 */
import type { LiveFrame, LiveServerMessage, Problem, SentRequest, StatusName } from '@wirebench/core'
import type { RateMeter } from './live-rate.js'
import type { LiveRing } from './live-ring.js'
import { estimateJsonBytes } from './live-size.js'

export type LiveStatus = 'opening' | 'open' | 'half-closed' | 'closed' | 'error'

export type LiveEntry =
  | {
      direction: 'in'
      kind: 'message' | 'headers' | 'trailers'
      seq: number
      /** Server receive time, epoch ms. */
      at: number
      data: unknown
      binary?: string
      meta?: Record<string, unknown>
    }
  | {
      direction: 'out'
      kind: 'message'
      ref: number
      at: number
      data: unknown
      /** Filled in when the server answers `sent`. */
      outcome: 'pending' | 'accepted' | 'refused'
      problem?: Problem
    }

export interface LiveEnd {
  status: StatusName
  message?: string
  details?: unknown
}

export interface LiveCallState {
  id: string
  targetKey: string
  mode: 'stream' | 'channel'
  status: LiveStatus
  clientStreaming: boolean
  serverStreaming: boolean
  startedAt: number
  endedAt?: number
  /** Message frames received. */
  received: number
  /** Messages the composer sent, and how many of them the server refused. */
  sent: number
  refused: number
  /** Frames the server dropped under the drop-oldest policy. */
  dropped: number
  /** Entries pushed out of the log by its caps (entry count and estimated bytes). */
  evicted: number
  /** Entries dropped from this ended call's log to keep all live logs in the tab within their memory budget. */
  memoryCleared: number
  firstSeq?: number
  /** When the first message frame arrived (server receive time, epoch ms): a stream's latency. */
  firstMessageAt?: number
  lastSeq: number
  /** Frames whose seq was not the previous one plus one (0 when nothing was lost or reordered). */
  seqGaps: number
  headers?: Record<string, string>
  /** What opened the call (URL, masked headers, the opening body or first message), when the plugin said. */
  request?: SentRequest
  trailers?: Record<string, string>
  end?: LiveEnd
  problem?: Problem
  isConnectionLost: boolean
  /** While paused the log keeps receiving (and acking) but shows only entries before `pausedEnd`. */
  isPaused: boolean
  pausedEnd?: number
  log: LiveRing<LiveEntry>
  meter: RateMeter
  /** Bumps whenever the log or an entry in it changed. */
  version: number
}

export function isLiveCallActive(call: Pick<LiveCallState, 'status'>): boolean {
  return call.status !== 'closed' && call.status !== 'error'
}

/** What applying messages needs from the store around the call. */
export interface ApplyContext {
  now: () => number
  /** Sent entries waiting for their `sent` answer, by ref (answered ones are removed). */
  sentByRef: Map<number, Extract<LiveEntry, { direction: 'out' }>>
  /** The server confirmed the call open. */
  onOpened: () => void
}

/** A new state of `call` with `messages` applied, in order (the log and meter are shared and updated in place). */
export function applyServerMessages(
  call: LiveCallState,
  messages: readonly LiveServerMessage[],
  context: ApplyContext,
): LiveCallState {
  const next: LiveCallState = { ...call, version: call.version + 1 }
  for (const message of messages) {
    switch (message.op) {
      case 'opened':
        next.clientStreaming = message.clientStreaming
        next.serverStreaming = message.serverStreaming
        if (next.status === 'opening') next.status = 'open'
        context.onOpened()
        break
      case 'frames':
        for (const frame of message.frames) takeFrame(next, frame)
        break
      case 'sent': {
        const entry = context.sentByRef.get(message.ref)
        context.sentByRef.delete(message.ref)
        if (!entry) break
        entry.outcome = message.accepted ? 'accepted' : 'refused'
        if (message.problem) entry.problem = message.problem
        if (!message.accepted) next.refused++
        break
      }
      case 'dropped':
        next.dropped = message.total
        break
      case 'closed':
        refusePending(next, context.sentByRef)
        next.status = message.problem || (next.end && next.end.status !== 'OK') ? 'error' : 'closed'
        if (message.problem) next.problem = message.problem
        next.endedAt = context.now()
        break
      case 'error':
        next.problem = message.problem
        // Refused before it opened (too many calls, a duplicate id): no `closed` follows, the call is over.
        if (next.status === 'opening') {
          refusePending(next, context.sentByRef)
          next.status = 'error'
          next.endedAt = context.now()
        }
        break
      case 'workspace.changed':
      case 'history.changed':
      case 'bench.progress':
      case 'bench.ended':
      case 'ai.delta':
      case 'ai.done':
        // Addressed to the page, not to a call: the socket hands them to their stores, never here.
        break
    }
  }
  next.evicted = next.log.evicted
  next.meter.record(context.now(), next.received)
  if (!isLiveCallActive(next)) liftPause(next)
  return next
}

/**
 * An ended call is never paused: nothing arrives any more, so the log shows everything it held (a pause left in
 * place would keep saying "Paused" about a stream that is over and hide its last messages).
 */
export function liftPause(call: LiveCallState): void {
  call.isPaused = false
  call.pausedEnd = undefined
}

/** Why a message still waiting for the server's answer will never get one. */
export const UNSENT_PROBLEM: Problem = {
  type: 'urn:wirebench:problem:cancelled',
  title: 'Not sent',
  status: 0,
  code: 'cancelled',
  detail: 'The call ended before it was sent.',
}

/**
 * Marks every sent entry still waiting for its outcome as refused: once a call is over the server says nothing more
 * about it, so they would otherwise stay pending for ever. Updates `call.refused`; the caller bumps `version`.
 */
export function refusePending(
  call: Pick<LiveCallState, 'refused'>,
  sentByRef: Map<number, Extract<LiveEntry, { direction: 'out' }>>,
): number {
  for (const entry of sentByRef.values()) {
    entry.outcome = 'refused'
    entry.problem = UNSENT_PROBLEM
  }
  const count = sentByRef.size
  call.refused += count
  sentByRef.clear()
  return count
}

/** Fixed cost of one log entry beyond its payload (the entry object, its seq and time). */
const ENTRY_BYTES = 64

/** The estimated size of a log entry, for the log's byte budget. */
export function entryBytes(data: unknown, binary?: string, meta?: Record<string, unknown>): number {
  return ENTRY_BYTES + estimateJsonBytes(data) + (binary?.length ?? 0) + (meta ? estimateJsonBytes(meta) : 0)
}

function takeFrame(call: LiveCallState, { seq, at, frame }: LiveFrame): void {
  if (seq !== call.lastSeq + 1) call.seqGaps++
  call.firstSeq ??= seq
  call.lastSeq = seq
  switch (frame.type) {
    case 'message': {
      call.received++
      call.firstMessageAt ??= at
      const entry: LiveEntry = { direction: 'in', kind: 'message', seq, at, data: frame.data }
      if (frame.binary !== undefined) entry.binary = frame.binary
      if (frame.meta) entry.meta = frame.meta
      call.log.push(entry, entryBytes(frame.data, frame.binary, frame.meta))
      break
    }
    case 'headers':
      call.headers = frame.metadata
      if (frame.sent) call.request = frame.sent
      call.log.push({ direction: 'in', kind: 'headers', seq, at, data: frame.metadata }, entryBytes(frame.metadata))
      break
    case 'trailers':
      call.trailers = frame.metadata
      call.log.push({ direction: 'in', kind: 'trailers', seq, at, data: frame.metadata }, entryBytes(frame.metadata))
      break
    case 'end':
      call.end = { status: frame.status }
      if (frame.message !== undefined) call.end.message = frame.message
      if (frame.details !== undefined) call.end.details = frame.details
      break
  }
}
