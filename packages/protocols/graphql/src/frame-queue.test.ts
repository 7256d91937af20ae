import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { StreamFrame } from '@wirebench/core'
import { createSubscriptionQueue } from './frame-queue.js'

async function drain(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

const message = (data: number): StreamFrame => ({ type: 'message', data })

describe('subscription queue', () => {
  it('hands frames over in order and ends after the end frame', async () => {
    const queue = createSubscriptionQueue({ maxFrames: 10, maxBytes: 1000 })
    const reading = drain(queue.frames())
    queue.push(message(1), 1)
    queue.push(message(2), 1)
    queue.end({ type: 'end', status: 'OK' })
    queue.push(message(3), 1)
    expect(await reading).toEqual([message(1), message(2), { type: 'end', status: 'OK' }])
  })

  it('pauses the attached source at its bound and resumes it once drained to half, keeping every frame', async () => {
    const queue = createSubscriptionQueue({ maxFrames: 4, maxBytes: 1000 })
    const calls: string[] = []
    queue.attach({ pause: () => calls.push('pause'), resume: () => calls.push('resume') })
    for (let i = 0; i < 6; i++) queue.push(message(i), 1)
    expect(calls).toEqual(['pause'])
    const iterator = queue.frames()
    for (let i = 0; i < 4; i++) await iterator.next()
    expect(calls).toEqual(['pause', 'resume'])
    queue.end({ type: 'end', status: 'OK' })
    const rest: StreamFrame[] = []
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(next.value)
    expect(rest).toEqual([message(4), message(5), { type: 'end', status: 'OK' }])
  })

  it('counts bytes against its bound, and room() waits until the consumer drained it', async () => {
    const queue = createSubscriptionQueue({ maxFrames: 100, maxBytes: 10 })
    queue.push(message(1), 6)
    let roomy = false
    void queue.room().then(() => (roomy = true))
    await Promise.resolve()
    expect(roomy).toBe(true)
    queue.push(message(2), 6)
    let waited = false
    const room = queue.room().then(() => (waited = true))
    await Promise.resolve()
    expect(waited).toBe(false)
    const iterator = queue.frames()
    await iterator.next()
    await iterator.next()
    await room
    expect(waited).toBe(true)
  })

  it('throws a failure after the frames queued before it', async () => {
    const queue = createSubscriptionQueue({ maxFrames: 10, maxBytes: 1000 })
    queue.push({ type: 'message', data: 'a' }, 1)
    queue.fail(new WorkbenchError('cancelled', 'stop'))
    const seen: StreamFrame[] = []
    const error = await (async () => {
      for await (const frame of queue.frames()) seen.push(frame)
    })().catch((e: unknown) => e)
    expect(seen).toEqual([{ type: 'message', data: 'a' }])
    expect(WorkbenchError.is(error, 'cancelled')).toBe(true)
  })
})
