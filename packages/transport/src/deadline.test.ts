import { describe, expect, it } from 'vitest'
import { createCallSignal } from './deadline.js'

describe('call signal', () => {
  it('fires on the deadline and says it timed out', async () => {
    const call = createCallSignal({ deadline: Date.now() + 20, timeoutMs: 10_000 })
    await new Promise((resolve) => call.signal.addEventListener('abort', resolve))
    expect(call.isTimedOut()).toBe(true)
    expect((call.signal.reason as Error).name).toBe('TimeoutError')
    call.dispose()
  })

  it('follows the caller signal as a cancellation, not a timeout', () => {
    const outer = new AbortController()
    const call = createCallSignal({ signal: outer.signal, timeoutMs: 10_000 })
    outer.abort()
    expect(call.signal.aborted).toBe(true)
    expect(call.isTimedOut()).toBe(false)
    call.dispose()
  })

  it('is aborted at once when the caller signal already is', () => {
    const call = createCallSignal({ signal: AbortSignal.abort(), timeoutMs: 10 })
    expect(call.signal.aborted).toBe(true)
    call.dispose()
  })
})
