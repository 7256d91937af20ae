/**
 * Frames a stream source (a socket, a response body) received, waiting for a consumer that pulls them. Bounded by
 * frames and bytes: at the bound it asks the source to pause (no more reads, so TCP pushes back on the server) and to
 * resume once the consumer drained it to half. A paused source may still deliver what it had already read, so the
 * bound is soft by at most one read; the end of the stream is always queued.
 */
import type { StreamFrame } from '@wirebench/core'

export interface FrameQueueOptions {
  maxFrames: number
  maxBytes: number
  /** Called once when the queue reaches its bound. */
  onFull(): void
  /** Called once when a full queue has drained to half. */
  onRoom(): void
}

interface Entry {
  frame: StreamFrame
  bytes: number
}

export class FrameQueue {
  private readonly options: FrameQueueOptions
  private entries: Entry[] = []
  private head = 0
  private bytes = 0
  private full = false
  private finished = false
  private failure: { error: unknown } | undefined
  private wake: (() => void) | undefined

  constructor(options: FrameQueueOptions) {
    this.options = options
  }

  get size(): number {
    return this.entries.length - this.head
  }

  /** True from reaching the bound until drained to half. */
  get isFull(): boolean {
    return this.full
  }

  get isFinished(): boolean {
    return this.finished
  }

  push(frame: StreamFrame, bytes: number): void {
    if (this.finished) return
    this.entries.push({ frame, bytes })
    this.bytes += bytes
    if (!this.full && (this.size >= this.options.maxFrames || this.bytes >= this.options.maxBytes)) {
      this.full = true
      this.options.onFull()
    }
    this.signal()
  }

  /** No frame follows; with an error, the consumer gets it after the frames already queued. */
  finish(error?: { error: unknown }): void {
    if (this.finished) return
    this.finished = true
    this.failure = error
    this.signal()
  }

  /** Drops every queued frame and ends the queue (the consumer is gone). */
  clear(): void {
    this.entries = []
    this.head = 0
    this.bytes = 0
    this.finish()
  }

  /** The frames in order until the queue is finished; its failure, if any, is thrown. */
  async *drain(): AsyncGenerator<StreamFrame, void, undefined> {
    for (;;) {
      const next = await this.next()
      if (next.done === true) return
      yield next.value
    }
  }

  async next(): Promise<IteratorResult<StreamFrame, undefined>> {
    while (this.size === 0) {
      if (this.finished) {
        if (this.failure) throw this.failure.error
        return { done: true, value: undefined }
      }
      await new Promise<void>((resolve) => (this.wake = resolve))
    }
    const entry = this.entries[this.head] as Entry
    this.entries[this.head] = undefined as unknown as Entry
    this.head++
    this.bytes -= entry.bytes
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head)
      this.head = 0
    }
    if (this.full && this.size <= this.options.maxFrames / 2 && this.bytes <= this.options.maxBytes / 2) {
      this.full = false
      if (!this.finished) this.options.onRoom()
    }
    return { done: false, value: entry.frame }
  }

  private signal(): void {
    const wake = this.wake
    this.wake = undefined
    wake?.()
  }
}
