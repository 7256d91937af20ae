/**
 * Times one outbound HTTP request: when its headers went out (and exactly what they were, from undici's
 * `undici:client:sendHeaders` diagnostics channel), when the answer's first byte came back, and the DNS/connect/TLS
 * phases of the connection it used when the call opened that connection. A request is matched to its timer in one of
 * two ways: a dispatch handler of ours announces the head it is about to see (`expectHead`, right before undici
 * writes it, synchronously), or a request made through undici's request API is attached while it is created
 * (`attachTimer`, through `undici:request:create`). Undici publishes only on channels someone subscribed to, so each
 * channel is subscribed on first need.
 */
import { subscribe } from 'node:diagnostics_channel'
import type { CallTimings } from '@wirebench/core'
import { socketPhasesOf, type SocketPhases } from './timed-connector.js'

/**
 * The timer of one request. Its fields are written by the diagnostics subscribers and the transport; callers read
 * `rawHead` and `timings()`. A class, so a call pays for one small object (it runs on every relayed call).
 */
export class PhaseTimer {
  /** When the call started (performance.now() ms). */
  readonly startedAt = performance.now()
  /** @internal The request's headers went out. */
  sentAt: number | undefined
  /** @internal The answer's head came in. */
  firstByteAt: number | undefined
  /** @internal The last byte was read. */
  endedAt: number | undefined
  /** The request line and headers exactly as undici wrote them (HTTP/1.1), once they went out. */
  rawHead: string | undefined
  /** @internal The phases of the connection the request went out on. */
  socket: SocketPhases | undefined

  /** Notes the end of the call (the last byte read); the first call wins. */
  end(): void {
    this.endedAt ??= performance.now()
  }

  /** The phases measured so far, in ms (rounded to 0.01). */
  timings(): CallTimings {
    const end = this.endedAt ?? performance.now()
    const timings: CallTimings = { totalMs: round(end - this.startedAt) }
    if (this.sentAt !== undefined && this.firstByteAt !== undefined) {
      timings.firstByteMs = round(this.firstByteAt - this.sentAt)
    }
    const socket = this.socket
    if (socket === undefined) return timings
    if (socket.startAt < this.startedAt) {
      timings.reusedConnection = true
      return timings
    }
    if (socket.lookupAt !== undefined) timings.dnsMs = round(socket.lookupAt - socket.startAt)
    if (socket.connectAt !== undefined)
      timings.connectMs = round(socket.connectAt - (socket.lookupAt ?? socket.startAt))
    if (socket.secureAt !== undefined && socket.connectAt !== undefined) {
      timings.tlsMs = round(socket.secureAt - socket.connectAt)
    }
    return timings
  }
}

const byRequest = new WeakMap<object, PhaseTimer>()
let attaching: PhaseTimer | undefined
/** The timer whose head undici is about to write, and the request line it expects (see `expectHead`). */
let expectedTimer: PhaseTimer | undefined
let expectedMethod = ''
let expectedPath = ''
let isWatchingHeads = false
let isWatchingRequests = false

interface RequestMessage {
  request: object
}

interface SendHeadersMessage {
  request: { method?: unknown; path?: unknown }
  headers: string
  socket: object
}

function noteHead(timer: PhaseTimer, head: string, socket: object): void {
  timer.sentAt = performance.now()
  timer.rawHead = head
  timer.socket = socketPhasesOf(socket)
}

function watchHeads(): void {
  if (isWatchingHeads) return
  isWatchingHeads = true
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, headers, socket } = message as SendHeadersMessage
    const claimant = expectedTimer
    if (claimant !== undefined) {
      expectedTimer = undefined
      // Method and target must match: a claim left by a request that never wrote its head is not another's.
      if (request.method === expectedMethod && request.path === expectedPath) {
        noteHead(claimant, headers, socket)
        return
      }
    }
    const timer = byRequest.get(request)
    if (timer) noteHead(timer, headers, socket)
  })
}

/** For requests made through undici's request API: ties the request undici creates to the timer being attached. */
function watchRequests(): void {
  if (isWatchingRequests) return
  isWatchingRequests = true
  subscribe('undici:request:create', (message) => {
    if (attaching) byRequest.set((message as RequestMessage).request, attaching)
  })
  subscribe('undici:request:headers', (message) => {
    const timer = byRequest.get((message as RequestMessage).request)
    if (timer && timer.firstByteAt === undefined) timer.firstByteAt = performance.now()
  })
}

export function createPhaseTimer(): PhaseTimer {
  watchHeads()
  return new PhaseTimer()
}

/**
 * Announces that undici is about to write the head of `method path` for `timer`'s request. A dispatch handler calls it
 * from `onRequestStart`, which undici calls right before it writes the head, in the same synchronous run.
 */
export function expectHead(timer: PhaseTimer, method: string, path: string): void {
  expectedTimer = timer
  expectedMethod = method
  expectedPath = path
}

/**
 * Runs `dispatch` (one undici `dispatcher.request()`) with `timer` attached, so the request undici creates inside it
 * is the timer's. The request must be created synchronously in there: a dispatcher that defers it (an interceptor
 * awaiting something first) leaves the timer with its start and end only.
 */
export function attachTimer<T>(timer: PhaseTimer | undefined, dispatch: () => T): T {
  if (timer === undefined) return dispatch()
  watchRequests()
  attaching = timer
  try {
    return dispatch()
  } finally {
    attaching = undefined
  }
}

const round = (ms: number): number => Math.round(ms * 100) / 100
