/**
 * One live call's outgoing frames and its flow control: frames wait here until the browser's ack window lets them
 * go, numbered 1.. without gaps as they leave; the queue behind the window is bounded, and when it is full the
 * `pause` policy stops the producer while `drop-oldest` discards the oldest queued frame and counts it. The `end`
 * frame is never dropped (it may take the one slot beyond the bound).
 */
import type { LiveFrame, LiveOverflowPolicy, StreamFrame } from '@wirebench/core'

export interface FrameQueueOptions {
  policy: LiveOverflowPolicy
  /** Frames held behind the ack window (`limits.maxQueuedFrames`). */
  capacity: number
  /** Frames sent but not yet acknowledged (`LIVE_ACK_WINDOW`). */
  window: number
}

export class FrameQueue {
  readonly policy: LiveOverflowPolicy
  private readonly capacity: number
  private readonly window: number
  private readonly ring: (LiveFrame | undefined)[]
  private head = 0
  private size = 0
  private sentSeq = 0
  private ackedSeq = 0
  private droppedTotal = 0
  private reportedDropped = 0
  private roomWaiter: (() => void) | undefined

  constructor(options: FrameQueueOptions) {
    this.policy = options.policy
    this.capacity = Math.max(1, options.capacity)
    this.window = Math.max(1, options.window)
    // One slot beyond the bound: the end frame always fits.
    this.ring = new Array<LiveFrame | undefined>(this.capacity + 1)
  }

  /** Frames waiting to be sent. */
  get queued(): number {
    return this.size
  }

  /** Frames sent so far (the last `seq` handed out). */
  get sent(): number {
    return this.sentSeq
  }

  get dropped(): number {
    return this.droppedTotal
  }

  /** Frames that may leave now: queued and inside the ack window. */
  get sendable(): number {
    return Math.min(this.size, this.window - (this.sentSeq - this.ackedSeq))
  }

  /** Whether the producer may pull another frame: always under `drop-oldest`, while there is room under `pause`. */
  get hasRoom(): boolean {
    return this.policy === 'drop-oldest' || this.size < this.capacity
  }

  /** Resolves once `hasRoom` holds again, or the queue is cleared. One waiter: the call's producer. */
  waitForRoom(): Promise<void> {
    if (this.hasRoom) return Promise.resolve()
    return new Promise((resolve) => (this.roomWaiter = resolve))
  }

  /** Queues a frame received at `at` (epoch ms). */
  push(frame: StreamFrame, at: number): void {
    if (this.size >= this.capacity && frame.type !== 'end') {
      // Only `drop-oldest` gets here with a full queue: `pause` does not pull until there is room.
      this.ring[this.head] = undefined
      this.head = (this.head + 1) % this.ring.length
      this.size--
      this.droppedTotal++
    }
    this.ring[(this.head + this.size) % this.ring.length] = { seq: 0, at, frame }
    this.size++
  }

  /** Takes up to `max` sendable frames, numbering them. */
  take(max: number): LiveFrame[] {
    const count = Math.min(max, this.sendable)
    const out = new Array<LiveFrame>(count)
    for (let i = 0; i < count; i++) {
      const entry = this.ring[this.head] as LiveFrame
      this.ring[this.head] = undefined
      this.head = (this.head + 1) % this.ring.length
      entry.seq = ++this.sentSeq
      out[i] = entry
    }
    this.size -= count
    if (count > 0) this.wakeProducer()
    return out
  }

  /** The browser processed every frame up to `seq`; returns whether that let more frames go. */
  acknowledge(seq: number): boolean {
    const upTo = Math.min(seq, this.sentSeq)
    if (upTo <= this.ackedSeq) return false
    const before = this.sendable
    this.ackedSeq = upTo
    return this.sendable > before
  }

  /** The new drop total when it changed since the last report, else undefined. */
  takeDroppedReport(): number | undefined {
    if (this.droppedTotal === this.reportedDropped) return undefined
    this.reportedDropped = this.droppedTotal
    return this.droppedTotal
  }

  /** Discards every queued frame (the call is over) and releases a waiting producer. */
  clear(): void {
    this.ring.fill(undefined)
    this.head = 0
    this.size = 0
    this.wakeProducer(true)
  }

  private wakeProducer(always = false): void {
    const waiter = this.roomWaiter
    if (waiter && (always || this.hasRoom)) {
      this.roomWaiter = undefined
      waiter()
    }
  }
}
