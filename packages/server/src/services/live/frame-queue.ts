/**
 * One live call's outgoing frames and its flow control: frames wait here until the browser's ack window lets them
 * go, numbered 1.. without gaps as they leave; the queue behind the window is bounded by frames, by bytes, and by
 * the socket's shared byte budget, and when any bound is reached the `pause` policy stops the producer while
 * `drop-oldest` discards the oldest queued frames and counts them. Each frame is encoded once, when queued. The `end`
 * frame is never dropped (it may go beyond the bounds).
 */
import type { LiveOverflowPolicy, StreamFrame } from '@wirebench/core'
import { ByteBudget } from './byte-budget.js'
import { encodeFrame } from './frame-codec.js'
import type { EncodedFrame } from './frame-codec.js'

export interface FrameQueueOptions {
  policy: LiveOverflowPolicy
  /** Frames held behind the ack window (`limits.maxQueuedFrames`). */
  capacity: number
  /** Bytes held behind the ack window; default: unbounded. */
  capacityBytes?: number
  /** A frame larger than this is replaced by one saying it was too large; default: unbounded. */
  maxFrameBytes?: number
  /** The socket's byte budget, shared by its calls; default: one of the queue's own. */
  budget?: ByteBudget
  /** Frames sent but not yet acknowledged (`LIVE_ACK_WINDOW`). */
  window: number
}

/** A frame on its way out: numbered, with its receive time and its encoded JSON. */
export interface QueuedFrame extends EncodedFrame {
  seq: number
  at: number
}

export class FrameQueue {
  readonly policy: LiveOverflowPolicy
  private readonly capacity: number
  private readonly capacityBytes: number
  private readonly maxFrameBytes: number
  private readonly budget: ByteBudget
  private readonly window: number
  private readonly ring: (QueuedFrame | undefined)[]
  private sentByteTotal = 0
  private head = 0
  private size = 0
  private bytes = 0
  private sentSeq = 0
  private ackedSeq = 0
  private droppedTotal = 0
  private reportedDropped = 0
  private roomWaiter: (() => void) | undefined
  private unsubscribe: (() => void) | undefined

  constructor(options: FrameQueueOptions) {
    this.policy = options.policy
    this.capacity = Math.max(1, options.capacity)
    this.capacityBytes = Math.max(1, options.capacityBytes ?? Number.MAX_SAFE_INTEGER)
    this.maxFrameBytes = Math.max(1, options.maxFrameBytes ?? Number.MAX_SAFE_INTEGER)
    this.budget = options.budget ?? new ByteBudget(Number.MAX_SAFE_INTEGER)
    this.window = Math.max(1, options.window)
    // One slot beyond the bound: the end frame always fits.
    this.ring = new Array<QueuedFrame | undefined>(this.capacity + 1)
  }

  /** Frames waiting to be sent. */
  get queued(): number {
    return this.size
  }

  /** Bytes of the frames waiting to be sent. */
  get queuedBytes(): number {
    return this.bytes
  }

  /** Frames sent so far (the last `seq` handed out). */
  /** Bytes of the frames taken for sending so far (encoded as they went out). */
  get sentBytes(): number {
    return this.sentByteTotal
  }

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

  /** Whether the producer may pull another frame: always under `drop-oldest`, while every bound has room under `pause`. */
  get hasRoom(): boolean {
    return this.policy === 'drop-oldest' || !this.full()
  }

  /** Resolves once `hasRoom` holds again, or the queue is cleared. One waiter: the call's producer. */
  waitForRoom(): Promise<void> {
    if (this.hasRoom) return Promise.resolve()
    return new Promise((resolve) => {
      this.roomWaiter = resolve
      // Another call's frames leaving may free the socket's budget.
      this.unsubscribe ??= this.budget.subscribe(() => this.wakeProducer())
    })
  }

  /**
   * Encodes and queues a frame received at `at` (epoch ms); throws `upstream_invalid` when it cannot be encoded.
   * Under `drop-oldest` a full queue first drops its oldest frames; when it has none of its own to drop (the socket's
   * budget is held by other calls) the new frame is the one dropped.
   */
  push(frame: StreamFrame, at: number): void {
    const encoded = encodeFrame(frame, this.maxFrameBytes)
    // `pause` pulled only while there was room: its frame may go beyond the byte bounds by itself.
    if (frame.type !== 'end' && this.policy === 'drop-oldest') {
      while (this.size > 0 && this.overflows(encoded.bytes)) this.dropOldest()
      if (this.size === 0 && !this.budget.fits(encoded.bytes)) {
        this.droppedTotal++
        return
      }
    }
    this.ring[(this.head + this.size) % this.ring.length] = { seq: 0, at, ...encoded }
    this.size++
    this.bytes += encoded.bytes
    this.budget.reserve(encoded.bytes)
  }

  /** Takes up to `max` sendable frames and, past the first, no more than `maxBytes` in all, numbering them. */
  take(max: number, maxBytes = Number.MAX_SAFE_INTEGER): QueuedFrame[] {
    const count = Math.min(max, this.sendable)
    const out: QueuedFrame[] = []
    let bytes = 0
    while (out.length < count) {
      const entry = this.ring[this.head] as QueuedFrame
      if (out.length > 0 && bytes + entry.bytes > maxBytes) break
      this.ring[this.head] = undefined
      this.head = (this.head + 1) % this.ring.length
      entry.seq = ++this.sentSeq
      bytes += entry.bytes
      out.push(entry)
    }
    this.size -= out.length
    this.bytes -= bytes
    this.sentByteTotal += bytes
    this.budget.release(bytes)
    if (out.length > 0) this.wakeProducer()
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
    this.budget.release(this.bytes)
    this.bytes = 0
    this.wakeProducer(true)
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  /** Whether the queue holds as much as its bounds allow (it may go beyond by one frame). */
  private full(): boolean {
    return this.size >= this.capacity || this.bytes >= this.capacityBytes || this.budget.used >= this.budget.limit
  }

  /** Whether queuing `extra` more bytes would go beyond a bound. */
  private overflows(extra: number): boolean {
    return this.size >= this.capacity || this.bytes + extra > this.capacityBytes || !this.budget.fits(extra)
  }

  private dropOldest(): void {
    const entry = this.ring[this.head] as QueuedFrame
    this.ring[this.head] = undefined
    this.head = (this.head + 1) % this.ring.length
    this.size--
    this.bytes -= entry.bytes
    this.budget.release(entry.bytes)
    this.droppedTotal++
  }

  private wakeProducer(always = false): void {
    const waiter = this.roomWaiter
    if (waiter && (always || this.hasRoom)) {
      this.roomWaiter = undefined
      this.unsubscribe?.()
      this.unsubscribe = undefined
      waiter()
    }
  }
}
