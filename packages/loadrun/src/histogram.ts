/** Latency histograms: HDR (1 µs – 60 s, 3 significant digits) in microseconds, summarised in milliseconds. */
import * as hdr from 'hdr-histogram-js'
import type { Histogram } from 'hdr-histogram-js'
import type { LatencySummary } from './types.js'

const lowestUs = 1
const highestUs = 60_000_000

export type LatencyHistogram = Histogram

export function createLatencyHistogram(): LatencyHistogram {
  // Pure JS (no WebAssembly instance to free) on a plain Int32Array: ~70 KB whatever the run's length. The packed
  // flavour saves that memory but costs several µs per recorded call and ~100 ms per percentile summary, which a run
  // at full speed pays on every call and every second.
  return hdr.build({
    bitBucketSize: 32,
    lowestDiscernibleValue: lowestUs,
    highestTrackableValue: highestUs,
    numberOfSignificantValueDigits: 3,
    autoResize: false,
    useWebAssembly: false,
  })
}

/** Records a latency in milliseconds; values past 60 s are kept as 60 s rather than thrown away. */
export function recordLatency(histogram: LatencyHistogram, ms: number): void {
  const us = Math.min(highestUs, Math.max(lowestUs, Math.round(ms * 1000)))
  histogram.recordValue(us)
}

const emptySummary: LatencySummary = { min: 0, mean: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 }

export function summarise(histogram: LatencyHistogram): LatencySummary {
  if (histogram.totalCount === 0) return { ...emptySummary }
  const at = (percentile: number): number => toMs(histogram.getValueAtPercentile(percentile))
  const min = toMs(histogram.minNonZeroValue)
  // The top of the highest bucket, as the percentiles report theirs, so that p99.9 never exceeds max.
  const max = at(100)
  return {
    min,
    // The mean comes from bucket midpoints and min from a bucket's bottom, so on a few calls in one bucket the mean
    // could read below the min: it is kept between the two.
    mean: Math.min(max, Math.max(min, toMs(histogram.mean))),
    p50: at(50),
    p75: at(75),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    p999: at(99.9),
    max,
  }
}

function toMs(us: number): number {
  return Math.round(us) / 1000
}
