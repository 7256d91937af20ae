/**
 * A latency histogram in fixed log-scale buckets (four a doubling, 1 µs – 60 s), for charts: about a hundred counters
 * whatever the run length, and the same edges in every run so two runs can be overlaid bucket by bucket.
 */

const stepsPerDoubling = 4
const lowestUs = 1
const highestUs = 60_000_000
const bucketCount = Math.ceil(Math.log2(highestUs / lowestUs) * stepsPerDoubling) + 1

export interface LogBucket {
  /** Upper edge of the bucket in milliseconds. */
  upperMs: number
  count: number
}

/** The upper edge of bucket `index`, in microseconds. */
function upperUs(index: number): number {
  return lowestUs * 2 ** (index / stepsPerDoubling)
}

export class LogBuckets {
  private readonly counts = new Float64Array(bucketCount)

  record(ms: number): void {
    const us = Math.min(highestUs, Math.max(lowestUs, ms * 1000))
    const index = Math.min(bucketCount - 1, Math.ceil(Math.log2(us / lowestUs) * stepsPerDoubling))
    this.counts[index] = (this.counts[index] ?? 0) + 1
  }

  /** The buckets that hold calls, lowest first. */
  buckets(): LogBucket[] {
    const out: LogBucket[] = []
    this.counts.forEach((count, index) => {
      if (count > 0) out.push({ upperMs: Math.round(upperUs(index)) / 1000, count })
    })
    return out
  }
}
