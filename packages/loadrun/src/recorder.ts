/** Collects the outcome of every measured call into histograms and counters, and closes one timeline second at a time. */
import { createLatencyHistogram, recordLatency, summarise } from './histogram.js'
import { LogBuckets } from './log-buckets.js'
import type { LogBucket } from './log-buckets.js'
import type { CallOutcome, LatencySummary, SecondProgress } from './types.js'

export interface RecorderTotals {
  calls: number
  errors: number
  latencyMs: LatencySummary
  successLatencyMs: LatencySummary
  failureLatencyMs: LatencySummary
  byStatus: Record<string, number>
  timeline: SecondProgress[]
  histogram: LogBucket[]
}

export class Recorder {
  private readonly all = createLatencyHistogram()
  private readonly success = createLatencyHistogram()
  private readonly failure = createLatencyHistogram()
  private readonly thisSecond = createLatencyHistogram()
  private readonly byStatus = new Map<string, number>()
  private readonly buckets = new LogBuckets()
  private secondErrorsByStatus = new Map<string, number>()
  private readonly timeline: SecondProgress[] = []
  private calls = 0
  private errors = 0
  private secondCalls = 0
  private secondErrors = 0
  /** The end of a run's planned duration (performance.now() time); calls that end after it are its drain. */
  private cutoff = Infinity
  private drained = 0

  /** Counts the calls that end after `at` apart (`drainedCalls`): the run waits for them past its duration. */
  setCutoff(at: number): void {
    this.cutoff = at
  }

  get drainedCalls(): number {
    return this.drained
  }

  record(outcome: CallOutcome, latencyMs: number, endedAt = 0): void {
    if (endedAt > this.cutoff) this.drained += 1
    recordLatency(this.all, latencyMs)
    recordLatency(outcome.ok ? this.success : this.failure, latencyMs)
    recordLatency(this.thisSecond, latencyMs)
    this.buckets.record(latencyMs)
    const status = String(outcome.status)
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1)
    this.calls += 1
    this.secondCalls += 1
    if (!outcome.ok) {
      this.errors += 1
      this.secondErrors += 1
      this.secondErrorsByStatus.set(status, (this.secondErrorsByStatus.get(status) ?? 0) + 1)
    }
  }

  /** Closes the current second (`elapsedS` long, shorter for the last one) and starts the next. */
  closeSecond(inFlight: number, elapsedS = 1): SecondProgress {
    const summary = summarise(this.thisSecond)
    const progress: SecondProgress = {
      second: this.timeline.length + 1,
      calls: this.secondCalls,
      errors: this.secondErrors,
      throughput: elapsedS > 0 ? Math.round((this.secondCalls / elapsedS) * 100) / 100 : 0,
      p50: summary.p50,
      p90: summary.p90,
      p99: summary.p99,
      inFlight,
      errorsByStatus: Object.fromEntries(this.secondErrorsByStatus),
      lengthS: Math.round(elapsedS * 1000) / 1000,
    }
    this.timeline.push(progress)
    this.thisSecond.reset()
    this.secondCalls = 0
    this.secondErrors = 0
    this.secondErrorsByStatus = new Map()
    return progress
  }

  hasOpenSecond(): boolean {
    return this.secondCalls > 0
  }

  totals(): RecorderTotals {
    return {
      calls: this.calls,
      errors: this.errors,
      latencyMs: summarise(this.all),
      successLatencyMs: summarise(this.success),
      failureLatencyMs: summarise(this.failure),
      byStatus: Object.fromEntries(this.byStatus),
      timeline: this.timeline,
      histogram: this.buckets.buckets(),
    }
  }
}
