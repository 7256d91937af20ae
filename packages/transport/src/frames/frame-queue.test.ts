import { describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { FrameQueue } from './frame-queue.js'

const message = (data: number): StreamFrame => ({ type: 'message', data })

function queue(maxFrames: number, maxBytes = 1_000_000) {
  const events: string[] = []
  const q = new FrameQueue({
    maxFrames,
    maxBytes,
    onFull: () => events.push('full'),
    onRoom: () => events.push('room'),
  })
  return { q, events }
}

describe('FrameQueue', () => {
  it('reports full from reaching its bound until drained to half', async () => {
    const { q } = queue(4)
    for (let i = 0; i < 3; i++) q.push(message(i), 1)
    expect(q.isFull).toBe(false)
    q.push(message(3), 1)
    expect(q.isFull).toBe(true)
    await q.next()
    expect(q.isFull).toBe(true)
    await q.next()
    expect(q.isFull).toBe(false)
  })

  it('hands frames out in order and ends after finish', async () => {
    const { q } = queue(10)
    q.push(message(1), 1)
    q.push(message(2), 1)
    q.finish()
    expect((await q.next()).value).toEqual(message(1))
    expect((await q.next()).value).toEqual(message(2))
    expect((await q.next()).done).toBe(true)
  })

  it('wakes a waiting consumer when a frame arrives', async () => {
    const { q } = queue(10)
    const pending = q.next()
    q.push(message(7), 1)
    expect((await pending).value).toEqual(message(7))
  })

  it('asks for a pause at the frame bound and a resume once drained to half', async () => {
    const { q, events } = queue(4)
    for (let i = 0; i < 4; i++) q.push(message(i), 1)
    expect(events).toEqual(['full'])
    q.push(message(4), 1) // a paused socket may still deliver what it had read
    expect(events).toEqual(['full'])
    await q.next()
    await q.next()
    expect(events).toEqual(['full'])
    await q.next()
    expect(events).toEqual(['full', 'room'])
  })

  it('asks for a pause at the byte bound', () => {
    const { q, events } = queue(100, 1_000)
    q.push(message(1), 600)
    expect(events).toEqual([])
    q.push(message(2), 600)
    expect(events).toEqual(['full'])
  })

  it('throws the failure after the frames queued before it', async () => {
    const { q } = queue(10)
    q.push(message(1), 1)
    q.finish({ error: new Error('gone') })
    q.push(message(2), 1)
    expect((await q.next()).value).toEqual(message(1))
    await expect(q.next()).rejects.toThrow('gone')
  })

  it('drains its frames in order as they come, then throws its failure', async () => {
    const { q } = queue(10)
    q.push(message(1), 1)
    const seen: StreamFrame[] = []
    const reading = (async () => {
      for await (const frame of q.drain()) seen.push(frame)
    })()
    await new Promise((resolve) => setTimeout(resolve, 0))
    q.push(message(2), 1)
    q.finish({ error: new Error('gone') })
    await expect(reading).rejects.toThrow('gone')
    expect(seen).toEqual([message(1), message(2)])
  })

  it('drops everything on clear', async () => {
    const { q } = queue(10)
    q.push(message(1), 1)
    q.clear()
    expect((await q.next()).done).toBe(true)
  })
})
