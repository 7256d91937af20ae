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

  it('measures an open-loop run over its planned duration, though its last call ended an interval before it', async () => {
    // Calls at 0, 0.5, 1 and 1.5 s, each 5 ms long: the last ends at about 1.505 s of the 2 s the run was planned for.
    const result = await runBenchmark({
      call: slow(5),
      settings: { mode: 'open', rate: 2, durationS: 2, concurrency: 2 },
    })
    expect(result.calls).toBe(4)
    expect(result.durationS).toBe(2)
    // 4 calls in 2 s: the requested rate, as rate.achieved says (not 4 / 1.505 = 2.66/s).
    expect(result.throughput).toBe(2)
    expect(result.rate?.achieved).toBe(2)
    expect(result.drain).toBeUndefined()
  })

  it('measures a stopped run up to the stop', async () => {
    const stop = new AbortController()
    setTimeout(() => stop.abort(), 300)
    const result = await runBenchmark({
      call: slow(5),
      settings: { mode: 'open', rate: 10, durationS: 5, concurrency: 2 },
      signal: stop.signal,
    })
    expect(result.stopped).toBe(true)
    expect(result.durationS).toBeLessThan(1)
    // The target kept up until the Stop: the rate is judged on the time the run had, not the 5 s planned.
    expect(result.rate).toMatchObject({ requested: 10, met: true, notStarted: 0 })
    expect(result.rate?.achieved).toBeGreaterThan(8)
  })

  it('does not call a Stop a missed rate: during the warm-up, or while the loop was held up by other work', async () => {
    const stopAt = (ms: number, block = 0): AbortSignal => {
      const stop = new AbortController()
      setTimeout(() => {
        // Other work holding the loop right before the Stop (a GC, a busy machine): calls fall due meanwhile.
        const until = performance.now() + block
        while (performance.now() < until) {
          // spinning on purpose
        }
        stop.abort()
      }, ms)
      return stop.signal
    }
    const inWarmup = await runBenchmark({
      call: slow(5),
      settings: { mode: 'open', rate: 10, durationS: 5, concurrency: 2, warmup: 20 },
      signal: stopAt(300),
    })
    expect(inWarmup.stopped).toBe(true)
    expect(inWarmup.rate).toMatchObject({ met: true, notStarted: 0 })
    const heldUp = await runBenchmark({
      call: slow(5),
      settings: { mode: 'open', rate: 10, durationS: 5, concurrency: 2 },
      signal: stopAt(285, 60),
    })
    expect(heldUp.rate).toMatchObject({ met: true, notStarted: 0 })
  })

  it('has no drain when nothing was in flight at the end, or when it counts calls instead', async () => {
    const counted = await runBenchmark({ call: slow(20), settings: { mode: 'closed', calls: 8, concurrency: 4 } })
    expect(counted.drain).toBeUndefined()
  })

  it('warms an open-loop run up at its rate, not as a burst at the in-flight cap', async () => {
    let inFlight = 0
    let most = 0
    const starts: number[] = []
    const call = async (): Promise<{ ok: boolean; status: number }> => {
      starts.push(performance.now())
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight -= 1
      return { ok: true, status: 200 }
    }
    const result = await runBenchmark({
      call,
      settings: { mode: 'open', rate: 3, durationS: 1, concurrency: 50, warmup: 10 },
    })
    // 10 warm-up calls at 3/s take 3 s; one at a time (5 ms each, a third of a second apart), then the run's 3.
    expect(starts).toHaveLength(13)
    expect(most).toBe(1)
    expect((starts[9] ?? 0) - (starts[0] ?? 0)).toBeGreaterThan(2900)
    expect(result.calls).toBe(3)
  }, 10_000)
})
