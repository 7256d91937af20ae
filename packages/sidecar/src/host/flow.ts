/**
 * The streams and channels open on one sidecar, each with a bounded frame queue. Every call shares the sidecar's one
 * stdout, so a queue at its bound never pauses it (other calls and the health pings would stall behind one slow
 * reader): that stream alone ends with an error after the frames already queued, and the sidecar is told to cancel it.
 * Notifications for a stream that is not open are strays: a few after a cancel are expected, more are junk.
 */
import { WorkbenchError, statusNames } from '@wirebench/core'
import type { StatusName, StreamFrame } from '@wirebench/core'
import { FrameQueue } from '@wirebench/transport'
import type { EndParams } from '../protocol/methods.js'

export interface FlowOptions {
  maxQueuedFrames: number
  maxQueuedBytes: number
  /** What the error names: the sidecar. */
  name: string
  /** 'stream' or 'channel', in the error. */
  kind: string
  /** Tells the sidecar to stop sending for `id`, whose reader fell behind. */
  cancel(id: string): void
}

export interface FlowQueue {
  readonly queue: FrameQueue
  /** Ends the queue for its consumer (the consumer is gone or gave up): frames still queued are dropped. */
  close(): void
}

/** Recently closed ids: notifications that were already on their way are dropped quietly. */
const CLOSED_MEMORY = 256

export interface Flows {
  open(id: string): FlowQueue
  data(id: string, message: unknown, meta?: Record<string, unknown>): boolean
  end(id: string, params: EndParams): boolean
  /** Fails every open queue (the sidecar is gone). */
  failAll(error: WorkbenchError): void
  readonly openCount: number
}

const knownStatuses = new Set<string>(statusNames)

/** The end frame of `$/stream/end` / `$/channel/closed`: OK without an error, else the named status or Unknown. */
export function endFrame(params: EndParams): StreamFrame {
  const error = typeof params.error === 'string' && params.error !== '' ? params.error.slice(0, 4000) : undefined
  const named = typeof params.status === 'string' && knownStatuses.has(params.status) ? params.status : undefined
  const status: StatusName = named ?? (error === undefined ? 'OK' : 'Unknown')
  const frame: StreamFrame = { type: 'end', status }
  if (error !== undefined) frame.message = error
  if (params.details !== undefined) frame.details = params.details
  return frame
}

/** A cheap size estimate that keeps the byte bound honest without serialising every message twice. */
function estimateBytes(message: unknown): number {
  if (typeof message === 'string') return message.length * 2 + 16
  if (message === null || typeof message !== 'object') return 16
  return JSON.stringify(message).length + 16
}

/** The error a stream or channel ends with when its reader fell a whole queue behind. */
export function overflowError(options: FlowOptions): WorkbenchError {
  return new WorkbenchError(
    'busy',
    `The ${options.name} sidecar sent faster than this ${options.kind} was read: ${options.maxQueuedFrames} messages (or ${Math.round(options.maxQueuedBytes / 1024 / 1024)} MB) were waiting unread, so the ${options.kind} was ended after them; the sidecar's other calls go on.`,
    {
      hint: 'Narrow what the call asks for (a smaller range, a narrower subscription), read it faster, or raise sidecarLimits.maxQueuedFrames.',
    },
  )
}

export function createFlows(options: FlowOptions): Flows {
  const open = new Map<string, FlowQueue>()
  const closed = new Set<string>()

  const remember = (id: string) => {
    closed.add(id)
    if (closed.size > CLOSED_MEMORY) closed.delete(closed.values().next().value as string)
  }

  const release = (id: string, flow: FlowQueue) => {
    if (open.get(id) !== flow) return
    open.delete(id)
    remember(id)
  }

  /** A reader a whole queue behind: its queue ends (what is queued is still read), later notifications are strays. */
  const overflow = (id: string, flow: FlowQueue) => {
    if (open.get(id) !== flow) return
    release(id, flow)
    flow.queue.finish({ error: overflowError(options) })
    options.cancel(id)
  }

  return {
    get openCount() {
      return open.size
    },

    open(id) {
      const queue: FrameQueue = new FrameQueue({
        maxFrames: options.maxQueuedFrames,
        maxBytes: options.maxQueuedBytes,
        // Called from inside push, after the frame that filled it was queued.
        onFull: () => overflow(id, flow),
        onRoom: () => undefined,
      })
      const flow: FlowQueue = {
        queue,
        close() {
          release(id, flow)
          queue.clear()
        },
      }
      open.set(id, flow)
      return flow
    },

    data(id, message, meta) {
      const flow = open.get(id)
      if (!flow) return closed.has(id)
      const frame: StreamFrame = { type: 'message', data: message }
      if (meta !== undefined) frame.meta = meta
      flow.queue.push(frame, estimateBytes(message))
      return true
    },

    end(id, params) {
      const flow = open.get(id)
      if (!flow) return closed.has(id)
      flow.queue.push(endFrame(params), 64)
      flow.queue.finish()
      // Ended: no more notifications are due, but the consumer still reads what is queued.
      open.delete(id)
      remember(id)
      return true
    },

    failAll(error) {
      for (const [id, flow] of [...open]) {
        open.delete(id)
        remember(id)
        flow.queue.finish({ error })
      }
    },
  }
}

/** The error a stream or channel ends with when its sidecar goes away. */
export function goneError(name: string, reason: string): WorkbenchError {
  return new WorkbenchError('upstream_error', `The ${name} sidecar stopped: ${reason}`)
}
