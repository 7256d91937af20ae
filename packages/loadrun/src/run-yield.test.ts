import { describe, expect, it } from 'vitest'
import { runBenchmark } from './run.js'
import type { CallFunction } from './types.js'

/** A call that settles without any I/O, as a cached answer or an immediate refusal does. */
const instantCall: CallFunction = () => Promise.resolve({ ok: true, status: 200 })

describe('runBenchmark and the event loop', () => {
  it('lets timers fire while calls settle without I/O, so the process stays responsive during a run', async () => {
    const ticks: number[] = []
    const started = performance.now()
    const timer = setInterval(() => ticks.push(performance.now() - started), 20)
    const progress: number[] = []
    try {
      const result = await runBenchmark({
        call: instantCall,
        settings: { mode: 'closed', durationS: 1.2, concurrency: 50 },
        onProgress: (second) => progress.push(second.second),
      })
      expect(result.calls).toBeGreaterThan(1000)
    } finally {
      clearInterval(timer)
    }
    // A 20 ms timer over 1.2 s: dozens of ticks, none of them held back for long, and the per-second ticker ran live.
    expect(ticks.length).toBeGreaterThan(20)
    const gaps = ticks.map((at, i) => at - (ticks[i - 1] ?? 0))
    expect(Math.max(...gaps)).toBeLessThan(200)
    expect(progress[0]).toBe(1)
  })
})
