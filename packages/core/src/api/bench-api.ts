/**
 * The benchmark routes (`POST {prefix}/api/bench/start`, `…/stop`, `…/status`) and the shapes they and the live socket's
 * `bench.*` messages carry. A run executes in the server through the same invoke path as `POST /api/invoke`.
 */
import type { InvokeRequest } from './http-api.js'

/** Closed loop (`calls` or `durationS`, `concurrency` callers) or open loop (`rate` calls per second for `durationS`). */
export type BenchSettings =
  | { mode: 'closed'; calls?: number; durationS?: number; concurrency: number; warmup?: number }
  | { mode: 'open'; rate: number; durationS: number; concurrency: number; warmup?: number }

export interface BenchStartRequest {
  /** The call under load, as `POST /api/invoke` takes it; `${…}` in messages and metadata is substituted per call. */
  call: Omit<InvokeRequest, 'history' | 'includeSent'>
  /**
   * User variable scopes, highest precedence first (active environment, then workspace). Held in memory for the run
   * only; never echoed in a status or a result.
   */
  variables?: Record<string, string>[]
  settings: BenchSettings
  /** `p95 < 200ms`, `error-rate < 0.01`, `throughput > 500`: evaluated when the run ends. */
  thresholds?: string[]
  /**
   * The user's consent to repeat a method that may change the server's data (anything but an HTTP GET/HEAD/OPTIONS, a
   * GraphQL query, a read-only MCP tool, an MCP resource or prompt). Without it such a start is refused (403,
   * `Problem.stateChange`) before any call.
   */
  allowStateChanging?: boolean
}

export interface BenchStartResponse {
  run: string
}

/** `stop` and `status` name the run `start` answered. */
export interface BenchRunRequest {
  run: string
}

export interface BenchLatency {
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

/** One second of a run: calls that ended in it, their p50/p90/p99 in milliseconds, and errors by status. */
export interface BenchSecond {
  second: number
  calls: number
  errors: number
  throughput: number
  p50: number
  p90: number
  p99: number
  inFlight: number
  /** Failed calls of this second by status (HTTP status, gRPC status name, transport error code). */
  errorsByStatus: Record<string, number>
  /**
   * How long this entry lasted in seconds: 1 but for the run's last, which ends with the run (a Stop, or the calls
   * drained after a planned duration). Absent in runs saved before it was recorded.
   */
  lengthS?: number
}

export interface BenchResult {
  calls: number
  errors: number
  errorRate: number
  durationS: number
  throughput: number
  latencyMs: BenchLatency
  successLatencyMs: BenchLatency
  failureLatencyMs: BenchLatency
  byStatus: Record<string, number>
  timeline: BenchSecond[]
  stopped: boolean
  rate?: { requested: number; achieved: number; notStarted: number; maxStartDelayMs: number; met: boolean }
  /** Calls a run with a duration waited for after it (in the figures, not in the throughput) and that wait. */
  drain?: { calls: number; seconds: number }
  settings: BenchSettings
  /** `unmeasured`: the run measured no call, so a latency or error-rate threshold failed whatever `actual` says. */
  thresholds: { expr: string; ok: boolean; actual: number; unmeasured?: true }[]
  /**
   * Buckets of the whole run's latency histogram, log-scale: `upperMs` is each bucket's upper edge, `count` the calls
   * at or below it and above the previous edge. Empty buckets are left out.
   */
  histogram: { upperMs: number; count: number }[]
  /**
   * The runner's own event-loop delay over the measured run; `saturated` when its mean passed 20 ms — the latencies
   * then include time answers waited in the runner's process. Absent in runs saved before it existed.
   */
  runner?: { loopDelayMs: { mean: number; p50: number; p99: number; max: number }; saturated: boolean }
}

/**
 * `POST /api/bench/list` (body `{}`): the runs this workbench holds — running ones and the latest finished — so a page
 * that was reloaded can find, show and stop them. Summaries only: no timeline, result or request.
 */
export interface BenchListResponse {
  runs: BenchRunSummary[]
}

export type BenchRunSummary = Pick<BenchStatus, 'run' | 'state' | 'target' | 'settings' | 'startedAt' | 'error'>

export type BenchRunState = 'running' | 'finished' | 'stopped' | 'failed'

export interface BenchStatus {
  run: string
  state: BenchRunState
  /** What was benchmarked, without metadata or variables (they may hold secrets). */
  target: { protocol: string; url: string; service: string; method: string }
  settings: BenchSettings
  startedAt: number
  /** The seconds so far while the run goes on; empty once `result` (which holds them all) is set. */
  timeline: BenchSecond[]
  result?: BenchResult
  /** Why a run failed (set with state `failed`). */
  error?: string
  /**
   * The target is the host app this workbench is embedded in: the runner and the target shared one process (and its
   * event loop), so the latencies include the runner's own work and the run slowed the host down.
   */
  sharedProcess?: true
}

/**
 * `POST /api/bench/export`: a finished (or stopped) run as a file: JSON, CSV, a k6-style summary, or a k6 script of
 * the same scenario (REST, plain HTTP and GraphQL over `k6/http`, gRPC over `k6/net/grpc`).
 */
export type BenchExportFormat = 'json' | 'csv' | 'k6-summary' | 'k6-script'

export interface BenchExportRequest {
  run: string
  format: BenchExportFormat
  /** `k6-script`: values the script reads from the environment (`__ENV.WB_SECRET_<n>`) instead of holding them. */
  secrets?: string[]
}

export interface BenchExportResponse {
  fileName: string
  mediaType: string
  text: string
}

/**
 * A finished or stopped run kept in a workspace (`{workspace}/benchmarks/`): what was benchmarked (no metadata, no
 * credentials in the URL), its settings and figures. Listed per method key again after a reload.
 */
export interface SavedBenchmark {
  version: 1
  id: string
  /** The page's key of the method the run belongs to (what the list is filtered by). */
  key: string
  label: string
  savedAt: string
  target: BenchStatus['target']
  result: BenchResult
}

/** `POST {prefix}/api/workspaces/:id/benchmarks`: saves a run the server still holds, under the method's key. */
export interface SaveBenchmarkRequest {
  run: string
  key: string
  label: string
}

/** `GET {prefix}/api/workspaces/:id/benchmarks?key=`: the saved runs of one method, oldest first, and unusable files. */
export interface SavedBenchmarksResponse {
  benchmarks: SavedBenchmark[]
  problems: Array<{ path: string; reason: string; keptAs?: string }>
}

/**
 * `POST {prefix}/api/workspaces/:id/benchmarks/export`: a saved run as a file, as `POST /api/bench/export` writes it.
 * No k6 script: that needs the run's request, which is never saved (it holds the call's metadata).
 */
export interface SavedBenchmarkExportRequest {
  key: string
  id: string
  format: Exclude<BenchExportFormat, 'k6-script'>
}

/** `POST {prefix}/api/workspaces/:id/benchmarks/delete`: removes a saved run's file from the workspace. */
export interface SavedBenchmarkDeleteRequest {
  key: string
  id: string
}
