/**
 * The outgoing side of one live socket: batches each call's sendable frames into `frames` messages (many frames per
 * WebSocket message at high rates), sends a call's `dropped` report and, after its last frame, its `closed`; and stops
 * taking frames while the socket's own buffer is above a high-water mark, so a slow browser pushes back on the
 * calls (their queues fill, and flow control takes over) instead of piling up in memory.
 */
import type { LiveServerMessage } from '@wirebench/core'
import type { FrameQueue } from './frame-queue.js'

/** The part of a WebSocket the outbox writes to. */
export interface LiveSink {
  /** `done` runs once the data is handed to the operating system (or the write failed). */
  send(data: string, done: (error?: Error) => void): void
  readonly bufferedAmount: number
  readonly isOpen: boolean
}

/** A call as the outbox sees it. */
export interface OutboxStream {
  readonly id: string
  readonly queue: FrameQueue
  /** Once the call is over and its queue is empty: its `closed` message (the call then counts as closed). */
  takeClosing(): LiveServerMessage | undefined
  /** A batch of this call's frames left: the call is active even when nothing new arrives. */
  noteSent(): void
}

export interface OutboxOptions {
  /** Frames per `frames` message. */
  maxFramesPerBatch?: number
  /** Bytes of frames per `frames` message (a message always carries at least one frame). */
  maxBatchBytes?: number
  /** Socket buffer level above which no more frames are taken. */
  highWaterBytes?: number
  /** Messages sent per event-loop turn before yielding to other work. */
  maxMessagesPerTurn?: number
  /**
   * Least time between two flushes. A flush after a quiet spell goes out on the next turn; at high rates the frames
   * of this long join one message, so the page handles tens of messages a second instead of hundreds (each costs it a
   * task) while a frame waits no longer than this.
   */
  minFlushIntervalMs?: number
}

export class Outbox {
  private readonly sink: LiveSink
  private readonly maxFramesPerBatch: number
  private readonly maxBatchBytes: number
  private readonly highWaterBytes: number
  private readonly maxMessagesPerTurn: number
  private readonly minFlushIntervalMs: number
  private readonly ready = new Set<OutboxStream>()
  private scheduled = false
  private lastFlushAt = Number.NEGATIVE_INFINITY
  private waitingForDrain = false
  private messagesSent = 0

  constructor(sink: LiveSink, options: OutboxOptions = {}) {
    this.sink = sink
    this.maxFramesPerBatch = options.maxFramesPerBatch ?? 512
    this.maxBatchBytes = options.maxBatchBytes ?? 1024 * 1024
    this.highWaterBytes = options.highWaterBytes ?? 1024 * 1024
    this.maxMessagesPerTurn = options.maxMessagesPerTurn ?? 64
    this.minFlushIntervalMs = options.minFlushIntervalMs ?? 10
  }

  /** WebSocket messages written so far. */
  get sentMessages(): number {
    return this.messagesSent
  }

  /** Sends a message that is not ordered behind frames (`opened`, `sent`, `error`, an immediate `closed`). */
  sendNow(message: LiveServerMessage): void {
    this.write(JSON.stringify(message))
  }

  /** The stream has frames, a drop report or its end to deliver; they go out on the next turn. */
  wake(stream: OutboxStream): void {
    this.ready.add(stream)
    this.schedule()
  }

  /** The stream closed out of band (cancel, timeout, socket gone): nothing more of it is sent. */
  forget(stream: OutboxStream): void {
    this.ready.delete(stream)
  }

  private schedule(): void {
    if (this.scheduled || this.waitingForDrain) return
    this.scheduled = true
    const wait = this.lastFlushAt + this.minFlushIntervalMs - performance.now()
    // The next turn at the soonest, not the next microtask: frames a producer yields meanwhile join the same batch.
    if (wait > 0) setTimeout(() => this.flush(), wait)
    else setImmediate(() => this.flush())
  }

  private flush(): void {
    this.scheduled = false
    this.lastFlushAt = performance.now()
    if (!this.sink.isOpen) {
      this.ready.clear()
      return
    }
    let budget = this.maxMessagesPerTurn
    while (this.ready.size > 0 && budget > 0) {
      for (const stream of this.ready) {
        if (this.sink.bufferedAmount > this.highWaterBytes) {
          this.waitingForDrain = true
          return
        }
        budget -= this.flushStream(stream)
        if (budget <= 0) break
      }
    }
    if (this.ready.size > 0) this.schedule()
  }

  /** Sends what one stream has ready; returns how many messages that took. */
  private flushStream(stream: OutboxStream): number {
    const { queue } = stream
    let sent = 0
    const frames = queue.take(this.maxFramesPerBatch, this.maxBatchBytes)
    if (frames.length > 0) {
      // Each frame was encoded once when queued; only the envelope is written here.
      const parts = frames.map((f) => `{"seq":${f.seq},"at":${f.at},"frame":${f.json}}`)
      this.write(`{"op":"frames","id":${JSON.stringify(stream.id)},"frames":[${parts.join(',')}]}`)
      stream.noteSent()
      sent++
    }
    const dropped = queue.takeDroppedReport()
    if (dropped !== undefined) {
      this.sendNow({ op: 'dropped', id: stream.id, total: dropped })
      sent++
    }
    if (queue.sendable > 0) return sent
    const closing = queue.queued === 0 ? stream.takeClosing() : undefined
    if (closing) {
      this.sendNow(closing)
      sent++
    }
    // Nothing more until the call pushes, the browser acks, or the call ends.
    this.ready.delete(stream)
    return sent
  }

  private write(data: string): void {
    if (!this.sink.isOpen) return
    this.messagesSent++
    this.sink.send(data, () => {
      if (this.waitingForDrain && this.sink.bufferedAmount <= this.highWaterBytes / 2) {
        this.waitingForDrain = false
        this.schedule()
      }
    })
  }
}
