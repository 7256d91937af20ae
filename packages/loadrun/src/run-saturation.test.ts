import { describe, expect, it } from 'vitest'
import { runBenchmark, saturatedMeanMs } from './run.js'

/** Holds this process's event loop for `ms`, as a runner with too many callers in its process does. */
function busy(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // spinning on purpose
  }
}

describe("the runner's own load", () => {
  it('reports itself saturated when its event loop runs late, so latencies include its own queueing', async () => {
    const result = await runBenchmark({
      call: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        busy(60)
        return { ok: true, status: 200 }
      },
      settings: { mode: 'closed', durationS: 1, concurrency: 4 },
    })
    expect(result.runner?.saturated).toBe(true)
    expect(result.runner?.loopDelayMs.mean).toBeGreaterThan(saturatedMeanMs)
    expect(result.runner?.loopDelayMs.max).toBeGreaterThanOrEqual(result.runner?.loopDelayMs.p50 ?? Infinity)
  })

  it('does not when the calls leave the loop free (waiting on timers)', async () => {
    const result = await runBenchmark({
      call: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        return { ok: true, status: 200 }
      },
      settings: { mode: 'closed', durationS: 1, concurrency: 4 },
    })
    expect(result.runner?.saturated).toBe(false)
    expect(result.runner?.loopDelayMs.mean).toBeLessThan(saturatedMeanMs)
  })

  it('reads an idle loop as on time: the lateness, not the time between two of its monitor ticks', async () => {
    const result = await runBenchmark({
      call: () => Promise.resolve({ ok: true, status: 200 }),
      settings: { mode: 'open', rate: 2, durationS: 1, concurrency: 1 },
    })
    // Each tick of the monitor comes 10 ms after the last on an idle loop: that is on time.
    expect(result.runner?.loopDelayMs.p50).toBeLessThan(3)
    expect(result.runner?.loopDelayMs.mean).toBeLessThan(3)
  })
})
