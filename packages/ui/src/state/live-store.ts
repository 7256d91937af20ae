/**
 * Live calls (server streams and channels) over the tab's live socket: per call a capped log of frames, counts, rate,
 * status, headers, trailers and end status. Server messages are queued and taken into the store once per animation
 * frame (one state update however many arrived), and each call is acked after its frames are in.
 */
import type { LiveCallTarget, LiveClientMessage, LiveOverflowPolicy, LiveServerMessage, Problem } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { LiveSocket } from '../api/live-socket.js'
import { trimLogsToBudget } from './live-budget.js'
import {
  applyServerMessages,
  entryBytes,
  isLiveCallActive,
  liftPause,
  refusePending,
  type LiveCallState,
  type LiveEntry,
} from './live-call.js'
import { createRateMeter } from './live-rate.js'
import { createLiveRing } from './live-ring.js'

export type { LiveCallState, LiveEnd, LiveEntry, LiveStatus } from './live-call.js'

export interface LiveStart {
  targetKey: string
  mode: 'stream' | 'channel'
  target: LiveCallTarget
  /** Server streams: the one request message. */
  messages?: unknown[]
  overflow?: LiveOverflowPolicy
}

export interface LiveState {
  calls: Record<string, LiveCallState>
  /** The latest call of each method (by method key). */
  byTarget: Record<string, string>
  /**
   * Creates a call (status `opening`) without contacting the server, cancelling and forgetting the method's previous
   * one; the page may still be preparing it (variables, auth). Sends made meanwhile wait for the server's `opened`.
   */
  begin: (targetKey: string, mode: LiveStart['mode']) => string
  /** Sends the open message of a call made by `begin` (once; ignored when the call already ended). */
  open: (id: string, request: Omit<LiveStart, 'targetKey' | 'mode'>) => void
  /** Ends a call that failed before it could be opened (e.g. the auth step). */
  fail: (id: string, problem: Problem) => void
  /** `begin` and `open` in one step; returns the call id. */
  start: (request: LiveStart) => string
  /**
   * Sends messages on an open channel; each lands in the log as `out` with its outcome pending. `isCounted: false`
   * leaves them out of `sent` (a message that sets the channel up, such as a SignalR connection's options).
   */
  send: (id: string, messages: unknown[], options?: { isCounted?: boolean }) => void
  closeSend: (id: string) => void
  cancel: (id: string) => void
  setPaused: (id: string, isPaused: boolean) => void
  clear: (id: string) => void
}

export type LiveStore = StoreApi<LiveState>

/** Hears every live call's traffic once, whatever its protocol (the console records the page's calls from here). */
export interface LiveObserver {
  /** The open message went out. */
  onOpen: (call: LiveCallState, request: Omit<LiveStart, 'targetKey' | 'mode'>) => void
  /** Messages the composer sent on a channel. */
  onSend: (call: LiveCallState, messages: readonly unknown[]) => void
  /** Server messages about to be applied to the call, in order (frames arrive in batches). */
  onServerMessages: (call: LiveCallState, messages: readonly LiveServerMessage[]) => void
  /** The page ended the call itself (cancelled, failed before opening, connection lost). */
  onLocalEnd: (call: LiveCallState) => void
}

export interface LiveStoreOptions {
  socket: LiveSocket
  observer?: LiveObserver
  /** Entries kept per call before the oldest are evicted. */
  logCapacity?: number
  /** Estimated bytes kept per call's log before the oldest entries are evicted. */
  logByteBudget?: number
  /** Estimated bytes of all calls' logs together; past it ended calls' logs are cleared first, oldest first. */
  totalLogByteBudget?: number
  /** Runs `flush` soon, once per burst (default: the next animation frame). */
  schedule?: (flush: () => void) => void
  now?: () => number
}

export const DEFAULT_LOG_CAPACITY = 50_000
export const DEFAULT_LOG_BYTE_BUDGET = 64 * 1024 * 1024
export const DEFAULT_TOTAL_LOG_BYTE_BUDGET = 256 * 1024 * 1024

/** The next animation frame, or a timer when the tab is hidden (frames stop there, acks must not). */
export function scheduleFrame(flush: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    flush()
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run)
  setTimeout(run, 100)
}

interface Runtime {
  queue: LiveServerMessage[]
  /** Sends made before the server confirmed the channel open: they go out once it has. */
  held: LiveClientMessage[]
  isOpenSent: boolean
  sentByRef: Map<number, Extract<LiveEntry, { direction: 'out' }>>
  nextRef: number
  ackedSeq: number
}

const isActive = isLiveCallActive

export function createLiveStore(options: LiveStoreOptions): LiveStore {
  const { socket, observer } = options
  const capacity = options.logCapacity ?? DEFAULT_LOG_CAPACITY
  const byteBudget = options.logByteBudget ?? DEFAULT_LOG_BYTE_BUDGET
  const totalByteBudget = options.totalLogByteBudget ?? DEFAULT_TOTAL_LOG_BYTE_BUDGET
  const schedule = options.schedule ?? scheduleFrame
  const now = options.now ?? Date.now
  const runtimes = new Map<string, Runtime>()
  let isScheduled = false

  const store = createStore<LiveState>()((set, get) => {
    const update = (id: string, patch: (call: LiveCallState) => Partial<LiveCallState>) =>
      set((s) => {
        const call = s.calls[id]
        return call ? { calls: { ...s.calls, [id]: { ...call, ...patch(call) } } } : s
      })

    return {
      calls: {},
      byTarget: {},
      begin: (targetKey, mode) => {
        const previous = get().byTarget[targetKey]
        if (previous) forget(previous)
        const id = socket.nextId()
        const call: LiveCallState = {
          id,
          targetKey,
          mode,
          status: 'opening',
          clientStreaming: mode === 'channel',
          serverStreaming: true,
          startedAt: now(),
          received: 0,
          sent: 0,
          refused: 0,
          dropped: 0,
          evicted: 0,
          memoryCleared: 0,
          lastSeq: 0,
          seqGaps: 0,
          isConnectionLost: false,
          isPaused: false,
          log: createLiveRing<LiveEntry>(capacity, byteBudget),
          meter: createRateMeter(),
          version: 0,
        }
        runtimes.set(id, { queue: [], held: [], sentByRef: new Map(), nextRef: 1, ackedSeq: 0, isOpenSent: false })
        set((s) => ({ calls: { ...s.calls, [id]: call }, byTarget: { ...s.byTarget, [targetKey]: id } }))
        return id
      },
      open: (id, request) => {
        const call = get().calls[id]
        const runtime = runtimes.get(id)
        if (!call || !runtime || !isActive(call) || runtime.isOpenSent) return
        runtime.isOpenSent = true
        socket.register(id, {
          onMessage: (message) => enqueue(id, message),
          onConnectionLost: (problem) => {
            flushCall(id)
            if (isActiveId(id)) end(id, { status: 'error', problem, isConnectionLost: true })
          },
        })
        observer?.onOpen(call, request)
        const overflow = request.overflow ? { overflow: request.overflow } : {}
        if (call.mode === 'stream') {
          socket.send({ op: 'stream.open', id, messages: request.messages ?? [{}], ...overflow, ...request.target })
        } else {
          socket.send({ op: 'channel.open', id, ...overflow, ...request.target })
        }
      },
      fail: (id, problem) => {
        if (isActiveId(id)) end(id, { status: 'error', problem })
      },
      start: (request) => {
        const id = get().begin(request.targetKey, request.mode)
        const { targetKey: _key, mode: _mode, ...open } = request
        get().open(id, open)
        return id
      },
      send: (id, messages, options) => {
        const call = get().calls[id]
        const runtime = runtimes.get(id)
        if (!call || !runtime || !isActive(call) || call.status === 'half-closed' || messages.length === 0) return
        const at = now()
        for (const message of messages) {
          const ref = runtime.nextRef++
          const entry: LiveEntry = { direction: 'out', kind: 'message', ref, at, data: message, outcome: 'pending' }
          runtime.sentByRef.set(ref, entry)
          call.log.push(entry, entryBytes(message))
          const outgoing: LiveClientMessage = { op: 'channel.send', id, ref, message }
          if (call.status === 'opening') runtime.held.push(outgoing)
          else socket.send(outgoing)
        }
        observer?.onSend(call, messages)
        const next = {
          ...call,
          sent: call.sent + (options?.isCounted === false ? 0 : messages.length),
          evicted: call.log.evicted,
          version: call.version + 1,
        }
        keepWithinBudget({ [id]: next })
      },
      closeSend: (id) => {
        const call = get().calls[id]
        if (!call || !isActive(call) || call.status === 'half-closed') return
        const runtime = runtimes.get(id)
        if (call.status === 'opening' && runtime) runtime.held.push({ op: 'channel.closeSend', id })
        else socket.send({ op: 'channel.closeSend', id })
        update(id, () => ({ status: 'half-closed' }))
      },
      cancel: (id) => {
        if (!isActiveId(id)) return
        if (runtimes.get(id)?.isOpenSent) socket.send({ op: 'cancel', id })
        flushCall(id)
        const call = get().calls[id]
        if (!call || !isActive(call)) return
        end(id, { status: 'closed', end: call.end ?? { status: 'Cancelled', message: 'Cancelled in the workbench.' } })
      },
      setPaused: (id, isPaused) =>
        update(id, (c) => (isPaused ? { isPaused, pausedEnd: c.log.end } : { isPaused, pausedEnd: undefined })),
      clear: (id) =>
        update(id, (c) => {
          c.log.clear()
          return { version: c.version + 1, ...(c.isPaused ? { pausedEnd: c.log.end } : {}) }
        }),
    }
  })

  function isActiveId(id: string): boolean {
    const call = store.getState().calls[id]
    return !!call && isActive(call)
  }

  /** Ends a call for good: no more messages are routed to it, and sends still awaiting an answer never get one. */
  function end(id: string, patch: Partial<LiveCallState>): void {
    const sentByRef = runtimes.get(id)?.sentByRef
    socket.release(id)
    runtimes.delete(id)
    const call = store.getState().calls[id]
    if (!call) return
    const next: LiveCallState = { ...call, ...patch, endedAt: call.endedAt ?? now() }
    liftPause(next)
    observer?.onLocalEnd(next)
    if (sentByRef && refusePending(next, sentByRef) > 0) next.version++
    keepWithinBudget({ [id]: next })
  }

  /** Applies changed calls in one update, shrinking logs when all of them together exceed the tab's budget. */
  function keepWithinBudget(changed: Record<string, LiveCallState>): void {
    store.setState((s) => {
      const calls = { ...s.calls, ...changed }
      return { calls: { ...calls, ...trimLogsToBudget(calls, totalByteBudget) } }
    })
  }

  function forget(id: string): void {
    const call = store.getState().calls[id]
    if (call && isActive(call) && runtimes.get(id)?.isOpenSent) socket.send({ op: 'cancel', id })
    if (call && isActive(call)) {
      observer?.onLocalEnd({
        ...call,
        status: 'closed',
        end: { status: 'Cancelled', message: 'Replaced by a new call.' },
      })
    }
    socket.release(id)
    runtimes.delete(id)
    store.setState((s) => {
      const calls = { ...s.calls }
      delete calls[id]
      return { calls }
    })
  }

  function enqueue(id: string, message: LiveServerMessage): void {
    runtimes.get(id)?.queue.push(message)
    if (isScheduled) return
    isScheduled = true
    schedule(() => {
      isScheduled = false
      flushAll()
    })
  }

  function flushAll(): void {
    const changed: Record<string, LiveCallState> = {}
    const closed: string[] = []
    for (const [id, runtime] of runtimes) {
      if (runtime.queue.length === 0) continue
      const call = store.getState().calls[id]
      if (!call) continue
      const next = applyQueued(call, runtime)
      changed[id] = next
      if (!isActive(next)) closed.push(id)
      else if (next.lastSeq > runtime.ackedSeq) {
        runtime.ackedSeq = next.lastSeq
        socket.send({ op: 'ack', id, seq: next.lastSeq })
      }
    }
    if (Object.keys(changed).length === 0) return
    keepWithinBudget(changed)
    for (const id of closed) {
      socket.release(id)
      runtimes.delete(id)
    }
  }

  function flushCall(id: string): void {
    const runtime = runtimes.get(id)
    const call = store.getState().calls[id]
    if (!runtime || !call || runtime.queue.length === 0) return
    const next = applyQueued(call, runtime)
    keepWithinBudget({ [id]: next })
    if (!isActive(next)) {
      socket.release(id)
      runtimes.delete(id)
    }
  }

  function applyQueued(call: LiveCallState, runtime: Runtime): LiveCallState {
    const queue = runtime.queue
    runtime.queue = []
    observer?.onServerMessages(call, queue)
    return applyServerMessages(call, queue, {
      now,
      sentByRef: runtime.sentByRef,
      onOpened: () => {
        for (const held of runtime.held.splice(0)) socket.send(held)
      },
    })
  }

  return store
}
