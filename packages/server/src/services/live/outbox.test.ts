import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it, vi } from 'vitest'
import type { LiveServerMessage } from '@wirebench/core'
import { FrameQueue } from './frame-queue.js'
import { Outbox } from './outbox.js'
import type { LiveSink, OutboxStream } from './outbox.js'

/** A socket stand-in whose buffer empties only when the test flushes it. */
class FakeSink implements LiveSink {
  readonly messages: LiveServerMessage[] = []
  bufferedAmount = 0
  isOpen = true
  private pending: Array<{ size: number; done: () => void }> = []
  /** When false, writes stay "buffered" until `drain()`. */
  autoDrain = true

  send(data: string, done: (error?: Error) => void): void {
    this.messages.push(JSON.parse(data) as LiveServerMessage)
    if (this.autoDrain) {
      queueMicrotask(() => done())
      return
    }
    this.bufferedAmount += data.length
    this.pending.push({ size: data.length, done: () => done() })
  }

  drain(): void {
    for (const write of this.pending.splice(0)) {
      this.bufferedAmount -= write.size
      write.done()
    }
  }
}

class FakeStream implements OutboxStream {
  readonly queue: FrameQueue
  finished = false
  closedSent = false
  batchesSent = 0
  constructor(
    readonly id: string,
    window = 1000,
  ) {
    this.queue = new FrameQueue({ policy: 'drop-oldest', capacity: 100, window })
  }
  push(count: number, from = 1): void {
    for (let i = from; i < from + count; i++) this.queue.push({ type: 'message', data: { i } }, 0)
  }
  takeClosing(): LiveServerMessage | undefined {
    if (!this.finished || this.closedSent) return undefined
    this.closedSent = true
    return { op: 'closed', id: this.id }
  }
  noteSent(): void {
    this.batchesSent++
  }
}

const frameCounts = (messages: LiveServerMessage[]) =>
  messages.flatMap((m) => (m.op === 'frames' ? [m.frames.length] : []))

describe('Outbox', () => {
  it('batches what a call queued in one turn into messages of at most the batch size, in order', async () => {
    const sink = new FakeSink()
    const outbox = new Outbox(sink, { maxFramesPerBatch: 4 })
    const stream = new FakeStream('a')
    stream.push(10)
    outbox.wake(stream)
    expect(sink.messages).toEqual([])
    await nextTurn()
    expect(frameCounts(sink.messages)).toEqual([4, 4, 2])
    const seqs = sink.messages.flatMap((m) => (m.op === 'frames' ? m.frames.map((f) => f.seq) : []))
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('sends the drop total after the frames, and closed only after the last frame', async () => {
    const sink = new FakeSink()
    // Flushes turn by turn here; the pause between flushes has a test of its own.
    const outbox = new Outbox(sink, { minFlushIntervalMs: 0 })
    const stream = new FakeStream('a', 2)
    stream.push(150)
    stream.finished = true
    outbox.wake(stream)
    await nextTurn()
    expect(sink.messages.map((m) => m.op)).toEqual(['frames', 'dropped'])
    expect(sink.messages[1]).toEqual({ op: 'dropped', id: 'a', total: 50 })
    // The window holds the rest back; acks let it go, and closed follows the last frame.
    stream.queue.acknowledge(2)
    outbox.wake(stream)
    await nextTurn()
    expect(sink.messages.at(-1)!.op).toBe('frames')
    for (let seq = 4; seq <= 100; seq += 2) {
      stream.queue.acknowledge(seq)
      outbox.wake(stream)
      await nextTurn()
    }
    expect(sink.messages.at(-1)).toEqual({ op: 'closed', id: 'a' })
    const frames = sink.messages.flatMap((m) => (m.op === 'frames' ? m.frames : []))
    expect(frames).toHaveLength(100)
    expect(sink.messages.filter((m) => m.op === 'closed')).toHaveLength(1)
  })

  it('stops taking frames while the socket buffer is above the high-water mark, and resumes as it drains', async () => {
    const sink = new FakeSink()
    sink.autoDrain = false
    const outbox = new Outbox(sink, { maxFramesPerBatch: 10, highWaterBytes: 500, minFlushIntervalMs: 0 })
    const stream = new FakeStream('a')
    stream.push(100)
    outbox.wake(stream)
    await nextTurn()
    await nextTurn()
    const sentWhileFull = frameCounts(sink.messages).reduce((a, b) => a + b, 0)
    expect(sentWhileFull).toBeGreaterThan(0)
    expect(sentWhileFull).toBeLessThan(100)
    // Frames not taken stay in the call's queue, where flow control sees them.
    expect(stream.queue.queued).toBe(100 - sentWhileFull)
    sink.autoDrain = true
    sink.drain()
    await nextTurn()
    await nextTurn()
    expect(frameCounts(sink.messages).reduce((a, b) => a + b, 0)).toBe(100)
  })

  it('sends after a quiet spell on the next turn, and at most once per interval while frames keep coming', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    try {
      const sink = new FakeSink()
      const outbox = new Outbox(sink, { minFlushIntervalMs: 10 })
      const stream = new FakeStream('a')
      stream.push(1)
      outbox.wake(stream)
      await vi.advanceTimersByTimeAsync(0)
      expect(frameCounts(sink.messages)).toEqual([1])
      // Two more pushes within the interval join one message, sent when the interval is up.
      stream.push(2, 2)
      outbox.wake(stream)
      await vi.advanceTimersByTimeAsync(4)
      stream.push(3, 4)
      outbox.wake(stream)
      await vi.advanceTimersByTimeAsync(4)
      expect(frameCounts(sink.messages)).toEqual([1])
      await vi.advanceTimersByTimeAsync(2)
      expect(frameCounts(sink.messages)).toEqual([1, 5])
      // Quiet again: the next frame goes out on the next turn.
      await vi.advanceTimersByTimeAsync(50)
      stream.push(1, 7)
      outbox.wake(stream)
      await vi.advanceTimersByTimeAsync(0)
      expect(frameCounts(sink.messages)).toEqual([1, 5, 1])
    } finally {
      vi.useRealTimers()
    }
  })

  it('serves several calls in turn within one flush', async () => {
    const sink = new FakeSink()
    const outbox = new Outbox(sink, { maxFramesPerBatch: 2 })
    const a = new FakeStream('a')
    const b = new FakeStream('b')
    a.push(4)
    b.push(4)
    outbox.wake(a)
    outbox.wake(b)
    await nextTurn()
    expect(sink.messages.map((m) => (m.op === 'frames' ? m.id : m.op))).toEqual(['a', 'b', 'a', 'b'])
  })

  it('caps a batch by bytes, always sending at least one frame, and reuses each frame as encoded when queued', async () => {
    const sink = new FakeSink()
    const outbox = new Outbox(sink, { maxBatchBytes: 300 })
    const stream = new FakeStream('a')
    const big = 'x'.repeat(100)
    for (let i = 0; i < 5; i++) stream.queue.push({ type: 'message', data: big }, 0)
    stream.queue.push({ type: 'message', data: 'y'.repeat(400) }, 0)
    outbox.wake(stream)
    await nextTurn()
    // ~130 bytes per frame: two fit in 300 bytes; the 400-byte frame goes alone.
    expect(frameCounts(sink.messages)).toEqual([2, 2, 1, 1])
    expect(stream.batchesSent).toBe(4)
    const frames = sink.messages.flatMap((m) => (m.op === 'frames' ? m.frames : []))
    expect(frames.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6])
    expect(frames[5]).toEqual({ seq: 6, at: 0, frame: { type: 'message', data: 'y'.repeat(400) } })
  })

  it('sends nothing more for a forgotten call or once the socket closed', async () => {
    const sink = new FakeSink()
    const outbox = new Outbox(sink)
    const a = new FakeStream('a')
    a.push(3)
    outbox.wake(a)
    outbox.forget(a)
    await nextTurn()
    expect(sink.messages).toEqual([])
    const b = new FakeStream('b')
    b.push(3)
    outbox.wake(b)
    sink.isOpen = false
    await nextTurn()
    outbox.sendNow({ op: 'closed', id: 'b' })
    expect(sink.messages).toEqual([])
  })
})
