import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
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

  it('reuses a caller signal that carries the deadline and tells a timeout from a cancellation', () => {
    const timedOut = new AbortController()
    const call = createCallSignal({
      signal: timedOut.signal,
      deadline: Date.now() + 1_000,
      signalCarriesDeadline: true,
    })
    expect(call.signal).toBe(timedOut.signal)
    expect(call.budgetMs).toBeGreaterThan(900)
    timedOut.abort(new WorkbenchError('timeout', 'No answer within 1000 ms.'))
    expect(call.isTimedOut()).toBe(true)

    const cancelled = new AbortController()
    const other = createCallSignal({
      signal: cancelled.signal,
      deadline: Date.now() + 1_000,
      signalCarriesDeadline: true,
    })
    cancelled.abort(new WorkbenchError('cancelled', 'The client went away.'))
    expect(other.isTimedOut()).toBe(false)
  })
})
