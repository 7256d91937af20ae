import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { StreamFrame } from '@wirebench/core'
import { createFrameQueue } from './frame-queue.js'

async function drain(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

describe('frame queue', () => {
  it('hands frames over in order and ends after the end frame', async () => {
    const queue = createFrameQueue(10, () => undefined)
    const reading = drain(queue.frames())
    queue.push({ type: 'message', data: 1 })
    queue.push({ type: 'message', data: 2 })
    queue.end({ type: 'end', status: 'OK' })
    queue.push({ type: 'message', data: 3 })
    expect(await reading).toEqual([
      { type: 'message', data: 1 },
      { type: 'message', data: 2 },
      { type: 'end', status: 'OK' },
    ])
  })

  it('ends with ResourceExhausted and stops the producer past its bound instead of growing', async () => {
    let stopped = 0
    const queue = createFrameQueue(2, () => stopped++)
    for (let i = 0; i < 5; i++) queue.push({ type: 'message', data: i })
    expect(stopped).toBe(1)
    const frames = await drain(queue.frames())
    expect(frames).toHaveLength(3)
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'ResourceExhausted' })
  })

  it('throws a failure after the frames queued before it', async () => {
    const queue = createFrameQueue(10, () => undefined)
    queue.push({ type: 'message', data: 'a' })
    queue.fail(new WorkbenchError('cancelled', 'stop'))
    const seen: StreamFrame[] = []
    const error = await (async () => {
      for await (const frame of queue.frames()) seen.push(frame)
    })().catch((e: unknown) => e)
    expect(seen).toEqual([{ type: 'message', data: 'a' }])
    expect(WorkbenchError.is(error, 'cancelled')).toBe(true)
  })
})
