/** The runner's typed boundary: what a call reports, how a run is set up, and what it reports back. */
import type { BenchSecond } from '@wirebench/core'

/** What one call reports: whether it succeeded and its status (HTTP code, gRPC status name, transport error code). */
export interface CallOutcome {
  ok: boolean
  status: string | number
}

/** One call of the method under load; it must give up promptly when `signal` aborts. */
export type CallFunction = (signal: AbortSignal) => Promise<CallOutcome>

/** Closed loop: `concurrency` callers each start the next call when the previous one ends. */
export interface ClosedLoopSettings {
  mode: 'closed'
  /** Number of measured calls; without it the run lasts `durationS`. */
  calls?: number
  durationS?: number
  /** 1–1,000 callers. */
  concurrency: number
  /** Calls made before measuring starts (connections, JIT, caches); not counted. */
  warmup?: number
}

/** Open loop: calls start on a fixed schedule whatever the target does; latency counts from the scheduled start. */
export interface OpenLoopSettings {
  mode: 'open'
  /** Calls per second. */
  rate: number
  durationS: number
  /** At most this many calls in flight (1–1,000); a due call waits for a free slot and that wait counts. */
  concurrency: number
  warmup?: number
}

export type RunSettings = ClosedLoopSettings | OpenLoopSettings

export interface LatencySummary {
  min: number
  mean: number
  p50: number
  p75: number
  p90: number
  p95: number
  p99: number
  p999: number
  max: number
}

/** One second of a run, as the progress callback and the timeline report it. */
/** One second of a run, as the live socket and `wirebench bench` report it: one shape in core for both. */
export type SecondProgress = BenchSecond

/** Whether an open-loop run started its calls at the rate asked for. */
export interface RateReport {
  requested: number
  /** Calls started per second of the run. */
  achieved: number
  /** Scheduled calls that had not started when the time was up (the target could not keep up). */
  notStarted: number
  /** Longest delay between a call's scheduled start and its real start, in milliseconds. */
  maxStartDelayMs: number
  met: boolean
}

export interface RunResult {
  calls: number
  errors: number
  errorRate: number
  durationS: number
  throughput: number
  /** Every measured call, in milliseconds. */
  latencyMs: LatencySummary
  /** Successes and failures apart (a fast failure must not flatter the percentiles). */
  successLatencyMs: LatencySummary
  failureLatencyMs: LatencySummary
  /** Ended calls by status, successes included. */
  byStatus: Record<string, number>
  timeline: SecondProgress[]
  /** The whole run's latencies in fixed log-scale buckets (upper edge in ms), for charts and comparisons. */
  histogram: { upperMs: number; count: number }[]
  /** True when the run was stopped before its end; the figures cover what had ended. */
  stopped: boolean
  rate?: RateReport
  /**
   * A run with a duration stops starting calls when it is up, then waits for the calls in flight: those ended after it
   * (counted in the figures, left out of the throughput, whose duration is the planned one) and the wait.
   */
  drain?: { calls: number; seconds: number }
  settings: RunSettings
  /**
   * How late the runner's own event loop ran during the measured run: whether the figures include its queueing.
   * Always set by `runBenchmark`; absent in results kept from before it existed.
   */
  runner?: RunnerLoad
}

/**
 * The runner's event-loop delay over the measured run (timer lateness, `perf_hooks.monitorEventLoopDelay`). An answer
 * that arrives while the loop is busy waits to be read, and that wait counts in its latency: past `saturatedMeanMs`
 * of mean delay the run reports itself saturated — the latencies then say as much about this process as the target.
 */
export interface RunnerLoad {
  loopDelayMs: { mean: number; p50: number; p99: number; max: number }
  saturated: boolean
}

export interface RunOptions {
  call: CallFunction
  settings: RunSettings
  /** Called once per second of the measured run. */
  onProgress?: (progress: SecondProgress) => void
  /** Stops the run: in-flight calls are cancelled and the partial result is returned. */
  signal?: AbortSignal
  /**
   * Whether an error a call threw says the request cannot be made at all (the caller's mistake — a missing field, a
   * header no transport sends — not the target's answer; `isRequestRefusal` is the workbench's). The run then ends at
   * once and `runBenchmark` rejects with that error, instead of counting every call as a failure that never left.
   */
  isRunFailure?: (error: unknown) => boolean
}
