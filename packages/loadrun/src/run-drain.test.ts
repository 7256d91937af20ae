import { describe, expect, it } from 'vitest'
import { runBenchmark } from './run.js'

/** A call that takes `ms` on a timer, ending with its start time noted. */
const slow = (ms: number) => () =>
  new Promise<{ ok: boolean; status: number }>((resolve) => setTimeout(() => resolve({ ok: true, status: 200 }), ms))

describe('a run with a duration', () => {
  it('is measured over its duration, the calls it waited for after it reported apart as its drain', async () => {
    const result = await runBenchmark({ call: slow(250), settings: { mode: 'closed', durationS: 0.6, concurrency: 4 } })
    // Calls start at 0, 250 and 500 ms: those started at 500 ms end at 750 ms, after the 600 ms duration.
    expect(result.durationS).toBe(0.6)
    expect(result.drain?.calls).toBe(4)
    expect(result.drain?.seconds).toBeGreaterThan(0.1)
    expect(result.calls).toBe(12)
    // 8 calls ended within the 0.6 s.
    expect(result.throughput).toBeCloseTo(8 / 0.6, 0)
  })

  it('has no drain when nothing was in flight at the end, or when it counts calls instead', async () => {
    const counted = await runBenchmark({ call: slow(20), settings: { mode: 'closed', calls: 8, concurrency: 4 } })
    expect(counted.drain).toBeUndefined()
  })
})
