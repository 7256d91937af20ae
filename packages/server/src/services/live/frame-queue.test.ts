import { describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { ByteBudget } from './byte-budget.js'
import { FrameQueue } from './frame-queue.js'

const message = (i: number): StreamFrame => ({ type: 'message', data: { i } })
const end: StreamFrame = { type: 'end', status: 'OK' }
const values = (frames: { frame: StreamFrame }[]) =>
  frames.map(({ frame }) => (frame.type === 'message' ? (frame.data as { i: number }).i : frame.type))

describe('FrameQueue', () => {
  it('numbers frames 1.. as they leave, keeping their receive time', () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 10, window: 100 })
    queue.push(message(1), 1000)
    queue.push(message(2), 1001)
    const taken = queue.take(10).map(({ seq, at, frame }) => ({ seq, at, frame }))
    expect(taken).toEqual([
      { seq: 1, at: 1000, frame: message(1) },
      { seq: 2, at: 1001, frame: message(2) },
    ])
    queue.push(message(3), 1002)
    expect(queue.take(10).map((f) => f.seq)).toEqual([3])
    expect(queue.sent).toBe(3)
  })

  it('lets no more than the window go ahead of the last ack', () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 10, window: 3 })
    for (let i = 1; i <= 5; i++) queue.push(message(i), 0)
    expect(values(queue.take(10))).toEqual([1, 2, 3])
    expect(queue.sendable).toBe(0)
    expect(queue.take(10)).toEqual([])
    expect(queue.acknowledge(1)).toBe(true)
    expect(values(queue.take(10))).toEqual([4])
    // An ack beyond what was sent counts only what was sent; an old ack changes nothing.
    expect(queue.acknowledge(99)).toBe(true)
    expect(queue.acknowledge(2)).toBe(false)
    expect(values(queue.take(10))).toEqual([5])
    queue.push(message(6), 0)
    expect(values(queue.take(10))).toEqual([6])
  })

  it('takes at most the batch size at a time', () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 10, window: 100 })
    for (let i = 1; i <= 5; i++) queue.push(message(i), 0)
    expect(values(queue.take(2))).toEqual([1, 2])
    expect(values(queue.take(2))).toEqual([3, 4])
    expect(values(queue.take(2))).toEqual([5])
  })

  it('under pause, has no room once full and wakes the producer when frames leave', async () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 2, window: 100 })
    queue.push(message(1), 0)
    expect(queue.hasRoom).toBe(true)
    queue.push(message(2), 0)
    expect(queue.hasRoom).toBe(false)
    let woken = false
    const waiting = queue.waitForRoom().then(() => (woken = true))
    await Promise.resolve()
    expect(woken).toBe(false)
    queue.take(1)
    await waiting
    expect(woken).toBe(true)
    expect(queue.dropped).toBe(0)
  })

  it('under pause, keeps a producer waiting while the window is closed', async () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 1, window: 1 })
    queue.push(message(1), 0)
    queue.take(5)
    queue.push(message(2), 0)
    let woken = false
    void queue.waitForRoom().then(() => (woken = true))
    expect(queue.take(5)).toEqual([])
    await Promise.resolve()
    expect(woken).toBe(false)
    queue.acknowledge(1)
    queue.take(5)
    await Promise.resolve()
    expect(woken).toBe(true)
  })

  it('under drop-oldest, always has room, keeps the newest frames and counts the dropped ones', () => {
    const queue = new FrameQueue({ policy: 'drop-oldest', capacity: 3, window: 100 })
    for (let i = 1; i <= 7; i++) {
      expect(queue.hasRoom).toBe(true)
      queue.push(message(i), 0)
    }
    expect(queue.queued).toBe(3)
    expect(queue.dropped).toBe(4)
    expect(queue.takeDroppedReport()).toBe(4)
    expect(queue.takeDroppedReport()).toBeUndefined()
    expect(values(queue.take(10))).toEqual([5, 6, 7])
    // Sequence numbers stay gapless: drops show in the counter, not as missing numbers.
    queue.push(message(8), 0)
    expect(queue.take(10)[0]!.seq).toBe(4)
  })

  it('never drops the end frame, which may take the slot beyond the bound', () => {
    const queue = new FrameQueue({ policy: 'drop-oldest', capacity: 2, window: 100 })
    queue.push(message(1), 0)
    queue.push(message(2), 0)
    queue.push(end, 0)
    expect(queue.queued).toBe(3)
    expect(queue.dropped).toBe(0)
    expect(values(queue.take(10))).toEqual([1, 2, 'end'])
  })

  it('wraps around its ring without losing order', () => {
    const queue = new FrameQueue({ policy: 'drop-oldest', capacity: 4, window: 1000 })
    const seen: unknown[] = []
    for (let i = 1; i <= 50; i++) {
      queue.push(message(i), 0)
      if (i % 3 === 0) seen.push(...values(queue.take(2)))
    }
    seen.push(...values(queue.take(100)))
    const numbers = seen as number[]
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    expect(numbers.at(-1)).toBe(50)
    expect(numbers.length + queue.dropped).toBe(50)
  })

  it('clears everything and releases a waiting producer', async () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 1, window: 10 })
    queue.push(message(1), 0)
    const waiting = queue.waitForRoom()
    queue.clear()
    await waiting
    expect(queue.queued).toBe(0)
    expect(queue.take(10)).toEqual([])
  })

  it('bounds the queue by bytes under pause: no room once the bytes are reached, room again as frames leave', () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 1000, capacityBytes: 100, window: 1000 })
    const frame: StreamFrame = { type: 'message', data: 'x'.repeat(40) }
    queue.push(frame, 0)
    expect(queue.hasRoom).toBe(true)
    queue.push(frame, 0)
    expect(queue.queuedBytes).toBeGreaterThanOrEqual(100)
    expect(queue.hasRoom).toBe(false)
    queue.take(1)
    expect(queue.hasRoom).toBe(true)
  })

  it('under drop-oldest, drops the oldest frames once the bytes are reached and counts them', () => {
    const queue = new FrameQueue({ policy: 'drop-oldest', capacity: 1000, capacityBytes: 200, window: 1000 })
    for (let i = 1; i <= 10; i++) queue.push({ type: 'message', data: { i, pad: 'x'.repeat(40) } }, 0)
    expect(queue.queuedBytes).toBeLessThanOrEqual(200)
    expect(queue.dropped).toBe(10 - queue.queued)
    expect(queue.dropped).toBeGreaterThan(0)
    const kept = queue.take(100).map(({ frame }) => (frame.type === 'message' ? (frame.data as { i: number }).i : 0))
    expect(kept.at(-1)).toBe(10)
  })

  it('shares the socket byte budget between calls: a paused call waits until another call frees bytes', async () => {
    const budget = new ByteBudget(100)
    const a = new FrameQueue({ policy: 'pause', capacity: 1000, budget, window: 1000 })
    const b = new FrameQueue({ policy: 'pause', capacity: 1000, budget, window: 1000 })
    a.push({ type: 'message', data: 'x'.repeat(100) }, 0)
    expect(b.hasRoom).toBe(false)
    let woke = false
    const waiting = b.waitForRoom().then(() => (woke = true))
    await Promise.resolve()
    expect(woke).toBe(false)
    a.take(1)
    await waiting
    expect(woke).toBe(true)
    expect(budget.used).toBe(0)
  })

  it('under drop-oldest with the socket budget held by another call, drops the new frame and counts it', () => {
    const budget = new ByteBudget(100)
    const a = new FrameQueue({ policy: 'pause', capacity: 1000, budget, window: 1000 })
    const b = new FrameQueue({ policy: 'drop-oldest', capacity: 1000, budget, window: 1000 })
    a.push({ type: 'message', data: 'x'.repeat(100) }, 0)
    b.push(message(1), 0)
    expect(b.queued).toBe(0)
    expect(b.dropped).toBe(1)
    b.push(end, 0)
    expect(b.queued).toBe(1)
  })

  it('replaces a frame above the per-frame cap by one saying it was too large, keeping its place', () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 10, maxFrameBytes: 1000, window: 10 })
    queue.push(message(1), 0)
    queue.push({ type: 'message', data: 'x'.repeat(5000) }, 0)
    queue.push({ type: 'end', status: 'OK', details: 'y'.repeat(5000) }, 0)
    const [first, big, last] = queue.take(10)
    expect(first!.frame).toEqual(message(1))
    expect(big!.seq).toBe(2)
    expect(big!.frame).toMatchObject({ type: 'message', meta: { truncated: true } })
    expect((big!.frame as unknown as { meta: { bytes: number } }).meta.bytes).toBeGreaterThan(5000)
    expect(big!.frame.type === 'message' && String(big!.frame.data)).toContain('too large to relay live')
    expect(big!.bytes).toBeLessThan(1000)
    expect(last!.frame).toMatchObject({ type: 'end', status: 'OK', details: { truncated: true } })
  })

  it('encodes a frame once when queued and refuses one that is not JSON with upstream_invalid', () => {
    const queue = new FrameQueue({ policy: 'pause', capacity: 10, window: 10 })
    queue.push(message(1), 0)
    expect(queue.take(1)[0]!.json).toBe(JSON.stringify(message(1)))
    expect(() => queue.push({ type: 'message', data: { big: 1n } }, 0)).toThrow(
      expect.objectContaining({ code: 'upstream_invalid' }) as Error,
    )
    expect(queue.queued).toBe(0)
  })
})
