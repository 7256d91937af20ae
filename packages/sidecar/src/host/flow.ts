/**
 * The streams and channels open on one sidecar, each with a bounded frame queue. A queue at its bound pauses reading
 * from the sidecar (its writes then block: nothing is dropped and memory stays bounded) until its consumer drained
 * it to half. Notifications for a stream that is not open are strays: a few after a cancel are expected, more are junk.
 */
import { WorkbenchError } from '@wirebench/core'
import type { StatusName, StreamFrame } from '@wirebench/core'
import { FrameQueue } from '@wirebench/transport'
import type { EndParams } from '../protocol/methods.js'

export interface FlowOptions {
  maxQueuedFrames: number
  maxQueuedBytes: number
  pause(): void
  resume(): void
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
  readonly isPaused: boolean
}

const statusNames = new Set<string>([
  'OK',
  'Cancelled',
  'Unknown',
  'InvalidArgument',
  'DeadlineExceeded',
  'NotFound',
  'AlreadyExists',
  'PermissionDenied',
  'ResourceExhausted',
  'FailedPrecondition',
  'Aborted',
  'OutOfRange',
  'Unimplemented',
  'Internal',
  'Unavailable',
  'DataLoss',
  'Unauthenticated',
])

/** The end frame of `$/stream/end` / `$/channel/closed`: OK without an error, else the named status or Unknown. */
export function endFrame(params: EndParams): StreamFrame {
  const error = typeof params.error === 'string' && params.error !== '' ? params.error.slice(0, 4000) : undefined
  const named = typeof params.status === 'string' && statusNames.has(params.status) ? params.status : undefined
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

export function createFlows(options: FlowOptions): Flows {
  const open = new Map<string, FlowQueue>()
  const closed = new Set<string>()
  let fullCount = 0

  const remember = (id: string) => {
    closed.add(id)
    if (closed.size > CLOSED_MEMORY) closed.delete(closed.values().next().value as string)
  }

  const release = (id: string, flow: FlowQueue) => {
    if (open.get(id) !== flow) return
    open.delete(id)
    remember(id)
    if (flow.queue.isFull) room()
  }

  const full = () => {
    if (fullCount++ === 0) options.pause()
  }
  const room = () => {
    if (fullCount > 0 && --fullCount === 0) options.resume()
  }

  return {
    get openCount() {
      return open.size
    },
    get isPaused() {
      return fullCount > 0
    },

    open(id) {
      const queue = new FrameQueue({
        maxFrames: options.maxQueuedFrames,
        maxBytes: options.maxQueuedBytes,
        onFull: full,
        onRoom: room,
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
      if (flow.queue.isFull) {
        // The queue keeps its frames for the consumer; reading may go on while it drains.
        room()
      }
      return true
    },

    failAll(error) {
      for (const [id, flow] of [...open]) {
        open.delete(id)
        remember(id)
        flow.queue.finish({ error })
      }
      fullCount = 0
    },
  }
}

/** The error a stream or channel ends with when its sidecar goes away. */
export function goneError(name: string, reason: string): WorkbenchError {
  return new WorkbenchError('upstream_error', `The ${name} sidecar stopped: ${reason}`)
}
