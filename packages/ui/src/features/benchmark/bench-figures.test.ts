import { describe, expect, it } from 'vitest'
import { errorsPerSecond, histogramData } from './BenchCharts.js'
import { percentileRows, ratioOf, splitCells } from './BenchTables.js'
import { chartedSeconds } from './bench-seconds.js'
import { thresholdActual } from './threshold-figure.js'

describe('the figures the comparison shows', () => {
  it('puts two runs’ histograms on one set of bucket edges, as shares of each run’s calls', () => {
    // The runner's buckets end at 2^(i/4) µs: i = 40 ends at 1.024 ms, i = 41 at 1.218 ms, i = 44 at 2.048 ms.
    const upper = (index: number) => Math.round(2 ** (index / 4)) / 1000
    const a = {
      histogram: [
        { upperMs: upper(40), count: 3 },
        { upperMs: upper(44), count: 1 },
      ],
    }
    const b = { histogram: [{ upperMs: upper(41), count: 10 }] }
    const [edges, shareA, shareB] = histogramData([a, b])
    // Every bucket from the lowest to the highest, each from its lower edge; the last point closes the top bucket.
    expect(edges).toEqual([0.861, 1.02, 1.22, 1.45, 1.72, 2.05])
    expect(shareA).toEqual([75, 0, 0, 0, 25, 0])
    expect(shareB).toEqual([0, 100, 0, 0, 0, 0])
  })

  it('draws each bucket between its own edges, and a gap between two buckets as empty', () => {
    // Calls answered at once (bucket 1.218 ms) and after 300 ms (bucket (262, 312] ms), nothing between.
    const fast = Math.round(2 ** (41 / 4)) / 1000
    const slow = Math.round(2 ** (73 / 4)) / 1000
    const [edges, shares] = histogramData([
      {
        histogram: [
          { upperMs: fast, count: 1 },
          { upperMs: slow, count: 1 },
        ],
      },
    ])
    const xs = edges as number[]
    const ys = shares as number[]
    // The slow bucket's bar starts at its lower edge (262 ms) and ends at its upper edge (312 ms) — not beyond.
    const slowStart = xs.findIndex((x) => Math.abs(x - 262) < 1)
    expect(ys[slowStart]).toBe(50)
    expect(xs[slowStart + 1]).toBe(312)
    expect(ys[slowStart + 1]).toBe(0)
    // Between the two, every bucket is drawn, empty.
    expect(ys.slice(1, slowStart).every((y) => y === 0)).toBe(true)
    expect(xs.length).toBe(73 - 41 + 2)
  })

  it('colours B/A by the row’s direction: lower latency and higher throughput are better', () => {
    expect(ratioOf(10, 5, 'lower')).toEqual({ text: '0.50×', tone: 'better' })
    expect(ratioOf(10, 20, 'lower')).toEqual({ text: '2.00×', tone: 'worse' })
    expect(ratioOf(100, 150, 'higher')).toEqual({ text: '1.50×', tone: 'better' })
    expect(ratioOf(100, 101, 'higher').tone).toBe('same')
    expect(ratioOf(0, 0, 'lower')).toEqual({ text: '1.00×', tone: 'same' })
    expect(ratioOf(0, 0.1, 'lower')).toEqual({ text: '—', tone: 'worse' })
  })

  it('gives a run with failures its successes’ and failures’ own figures beside the blend, latencies and counts', () => {
    const latency = (p50: number) => ({ min: 1, mean: 2, p50, p75: 3, p90: 4, p95: 5, p99: 6, p999: 7, max: 8 })
    const result = {
      calls: 100,
      errors: 10,
      errorRate: 0.1,
      durationS: 1,
      throughput: 100,
      latencyMs: latency(4.5),
      successLatencyMs: latency(5),
      failureLatencyMs: latency(0.25),
      byStatus: { '200': 90, '500': 10 },
      timeline: [],
      stopped: false,
      settings: { mode: 'closed' as const, calls: 100, concurrency: 1 },
      thresholds: [],
      histogram: [],
    }
    const cells = Object.fromEntries(percentileRows.map((row) => [row.name, splitCells(row, result)]))
    expect(cells['p50']).toEqual({ ok: '5.00 ms', failed: '0.25 ms' })
    expect(cells['calls']).toEqual({ ok: '90', failed: '10' })
    expect(cells['throughput']).toEqual({ ok: '', failed: '' })
    // Every call failed: the successes have no figures.
    expect(splitCells(percentileRows[2]!, { ...result, errors: 100 })?.ok).toBe('—')
    // No failure: one set of figures, no split.
    expect(splitCells(percentileRows[2]!, { ...result, errors: 0 })).toBeUndefined()
  })

  it('charts errors per second on the same scale as throughput, a short last second included', () => {
    const base = { second: 3, p50: 1, p90: 1, p99: 1, inFlight: 0, errorsByStatus: {} }
    expect(errorsPerSecond({ ...base, calls: 20, errors: 20, throughput: 60 })).toBe(60)
    expect(errorsPerSecond({ ...base, calls: 100, errors: 10, throughput: 100 })).toBe(10)
    expect(errorsPerSecond({ ...base, calls: 0, errors: 0, throughput: 0 })).toBe(0)
  })
})

describe('the seconds the live charts draw and the thresholds’ figures', () => {
  const second = (n: number, calls: number, throughput: number) => ({
    second: n,
    calls,
    errors: 0,
    throughput,
    p50: 1,
    p90: 1,
    p99: 1,
    inFlight: 0,
    errorsByStatus: {},
  })

  const ended = (durationS: number | undefined, isStopped = false) => ({
    settings: {
      mode: 'closed' as const,
      concurrency: 1,
      ...(durationS === undefined ? { calls: 130 } : { durationS }),
    },
    isStopped,
  })

  it('leaves out an ended run’s short last second, never a running run’s nor a run’s only second', () => {
    const timeline = [second(1, 100, 100), second(2, 30, 100)]
    expect(chartedSeconds(timeline, ended(undefined))).toEqual({
      seconds: [timeline[0]],
      left: { second: 2, lengthS: 0.3 },
    })
    expect(chartedSeconds(timeline, undefined).seconds).toHaveLength(2)
    expect(chartedSeconds([second(1, 30, 100)], ended(undefined)).seconds).toHaveLength(1)
    expect(chartedSeconds([second(1, 100, 100), second(2, 95, 100)], ended(undefined)).left).toBeUndefined()
  })

  it('takes a second’s length from the runner when it says it, and drops a drain-only last second without a note', () => {
    // Two drained calls in 2.6 ms read as 766 calls/s: the runner's length says how short the second was.
    const sliver = { ...second(3, 2, 766), lengthS: 0.0026 }
    const full = [second(1, 100, 100), second(2, 100, 100)]
    // A 2-second run that was not stopped: second 3 starts at its planned end and holds only drained calls.
    expect(chartedSeconds([...full, sliver], ended(2))).toEqual({ seconds: full })
    // Stopped mid-second, or a duration of 2.5 s: the short second is part of the run, and the page says so.
    expect(chartedSeconds([...full, sliver], ended(5, true)).left).toEqual({ second: 3, lengthS: 0.0026 })
    expect(chartedSeconds([...full, sliver], ended(2.5)).left).toEqual({ second: 3, lengthS: 0.0026 })
    // A length the runner reports wins over the estimate from calls and rate (100 calls at 100/s would be 1 s).
    expect(chartedSeconds([...full, { ...second(3, 100, 100), lengthS: 0.4 }], ended(10, true)).left?.lengthS).toBe(0.4)
    // No calls at all in the last second: only the runner's length can tell it was short.
    expect(chartedSeconds([...full, { ...second(3, 0, 0), lengthS: 0.01 }], ended(2)).seconds).toEqual(full)
  })

  it('writes a threshold’s figure in its metric’s unit', () => {
    expect(thresholdActual('p95 < 200ms', 3.357)).toBe('3.36 ms')
    expect(thresholdActual('p99 < 0.2s', 27.487)).toBe('27.5 ms')
    expect(thresholdActual('error-rate < 1%', 0.0123)).toBe('1.23 %')
    expect(thresholdActual('throughput > 500', 500.07)).toBe('500.1 calls/s')
  })
})
