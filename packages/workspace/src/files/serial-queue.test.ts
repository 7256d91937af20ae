import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { createSerialQueue } from './serial-queue.js'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('serial queue', () => {
  it('runs one operation at a time in arrival order, and a failure does not stop the next one', async () => {
    const queue = createSerialQueue(10)
    const log: string[] = []
    let running = 0
    const step = (name: string, fail = false) =>
      queue.run(async () => {
        running++
        expect(running).toBe(1)
        log.push(`start ${name}`)
        await tick()
        log.push(`end ${name}`)
        running--
        if (fail) throw new Error(name)
        return name
      })
    const results = await Promise.allSettled([step('a'), step('b', true), step('c')])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('refuses work beyond its bound as busy (retryable, never an edit conflict), and accepts more once the queue drains', async () => {
    const queue = createSerialQueue(2)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const first = queue.run(() => held)
    const second = queue.run(() => Promise.resolve('second'))
    await expect(queue.run(() => Promise.resolve('third'))).rejects.toSatisfy((error: unknown) =>
      WorkbenchError.is(error, 'busy'),
    )
    release()
    await first
    expect(await second).toBe('second')
    await tick()
    expect(await queue.run(() => Promise.resolve('later'))).toBe('later')
  })
})
