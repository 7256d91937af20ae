/**
 * The queue between a subscription source (a graphql-ws socket, a graphql-sse body) and the pulling consumer: the
 * transport's FrameQueue, bounded by frames and bytes. At the bound it pauses whichever source feeds it now (a
 * socket is paused; a body reader waits on `room()`), so a slow consumer pushes back on the server instead of ending
 * the stream.
 */
import type { StreamFrame, WorkbenchError } from '@wirebench/core'
import { FrameQueue } from '@wirebench/transport'

type EndFrame = Extract<StreamFrame, { type: 'end' }>

/** A source that can stop reading for a while (a `ws` socket). */
export interface PausableSource {
  pause(): void
  resume(): void
}

export interface SubscriptionQueue {
  /** Queues a frame that took `bytes` on the wire. */
  push(frame: StreamFrame, bytes: number): void
  /** The last frame: nothing is queued after it. */
  end(frame: EndFrame): void
  /** Ends the stream with a thrown error once the queued frames are read. */
  fail(error: WorkbenchError): void
  readonly ended: boolean
  /** The source paused and resumed with the queue's bound (the latest one given replaces the earlier). */
  attach(source: PausableSource): void
  /** Resolves at once when the queue has room, else once the consumer drained it to half (or it ended). */
  room(): Promise<void>
  frames(): AsyncGenerator<StreamFrame>
}

export interface SubscriptionQueueOptions {
  maxFrames: number
  maxBytes: number
}

export function createSubscriptionQueue(options: SubscriptionQueueOptions): SubscriptionQueue {
  let source: PausableSource | undefined
  let waiters: (() => void)[] = []
  const release = (): void => {
    const ready = waiters
    waiters = []
    for (const wake of ready) wake()
  }
  const queue = new FrameQueue({
    maxFrames: Math.max(2, options.maxFrames),
    maxBytes: options.maxBytes,
    onFull: () => source?.pause(),
    onRoom: () => {
      source?.resume()
      release()
    },
  })
  return {
    push: (frame, bytes) => queue.push(frame, bytes),
    end(frame) {
      if (queue.isFinished) return
      queue.push(frame, 0)
      queue.finish()
      release()
    },
    fail(error) {
      queue.finish({ error })
      release()
    },
    get ended() {
      return queue.isFinished
    },
    attach(next) {
      source = next
      if (queue.isFull) next.pause()
    },
    room() {
      if (!queue.isFull || queue.isFinished) return Promise.resolve()
      return new Promise((resolve) => waiters.push(resolve))
    },
    async *frames() {
      for (;;) {
        const next = await queue.next()
        if (next.done) return
        yield next.value
        if (next.value.type === 'end') return
      }
    },
  }
}
