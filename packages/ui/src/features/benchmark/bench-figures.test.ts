import { describe, expect, it } from 'vitest'
import { errorsPerSecond, histogramData } from './BenchCharts.js'
import { ratioOf } from './BenchTables.js'
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

  it('leaves out an ended run’s short last second, never a running run’s nor a run’s only second', () => {
    const timeline = [second(1, 100, 100), second(2, 30, 100)]
    expect(chartedSeconds(timeline, true)).toEqual({ seconds: [timeline[0]], left: { second: 2, lengthS: 0.3 } })
    expect(chartedSeconds(timeline, false).seconds).toHaveLength(2)
    expect(chartedSeconds([second(1, 30, 100)], true).seconds).toHaveLength(1)
    expect(chartedSeconds([second(1, 100, 100), second(2, 95, 100)], true).left).toBeUndefined()
  })

  it('writes a threshold’s figure in its metric’s unit', () => {
    expect(thresholdActual('p95 < 200ms', 3.357)).toBe('3.36 ms')
    expect(thresholdActual('p99 < 0.2s', 27.487)).toBe('27.5 ms')
    expect(thresholdActual('error-rate < 1%', 0.0123)).toBe('1.23 %')
    expect(thresholdActual('throughput > 500', 500.07)).toBe('500.1 calls/s')
  })
})
