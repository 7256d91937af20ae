/**
 * A bounded queue between a subscription client that pushes events (graphql-ws and graphql-sse both do) and the
 * pulling consumer. Past its bound it does not grow: the stream ends with ResourceExhausted and the producer stops.
 */
import type { WorkbenchError } from '@wirebench/core'
import type { StreamFrame } from '@wirebench/core'

type EndFrame = Extract<StreamFrame, { type: 'end' }>

export interface FrameQueue {
  /** Queues a frame; past the bound the queue ends itself with ResourceExhausted and calls `onOverflow`. */
  push(frame: StreamFrame): void
  /** The last frame: nothing is queued after it. */
  end(frame: EndFrame): void
  /** Ends the stream with a thrown error once the queued frames are read. */
  fail(error: WorkbenchError): void
  readonly ended: boolean
  frames(): AsyncGenerator<StreamFrame>
}

export function createFrameQueue(maxFrames: number, onOverflow: () => void): FrameQueue {
  const frames: StreamFrame[] = []
  let head = 0
  let ended = false
  let failure: WorkbenchError | undefined
  let wake: (() => void) | undefined

  const notify = (): void => {
    const w = wake
    wake = undefined
    w?.()
  }

  const queue: FrameQueue = {
    push(frame) {
      if (ended) return
      if (frames.length - head >= maxFrames) {
        queue.end({
          type: 'end',
          status: 'ResourceExhausted',
          message: `More than ${maxFrames} events arrived unread; the subscription was stopped.`,
        })
        onOverflow()
        return
      }
      frames.push(frame)
      notify()
    },
    end(frame) {
      if (ended) return
      ended = true
      frames.push(frame)
      notify()
    },
    fail(error) {
      if (ended) return
      ended = true
      failure = error
      notify()
    },
    get ended() {
      return ended
    },
    async *frames() {
      for (;;) {
        if (head < frames.length) {
          const frame = frames[head] as StreamFrame
          frames[head++] = undefined as unknown as StreamFrame
          // Compact now and then so a long subscription does not keep a sparse array.
          if (head > 1024 && head * 2 > frames.length) {
            frames.splice(0, head)
            head = 0
          }
          yield frame
          if (frame.type === 'end') return
          continue
        }
        if (ended) {
          if (failure) throw failure
          return
        }
        await new Promise<void>((resolve) => (wake = resolve))
      }
    },
  }
  return queue
}
