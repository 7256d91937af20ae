/**
 * A finished run as files: JSON (the object `wirebench bench --json` prints), CSV (one row a second, then the total)
 * and a k6-style end-of-test summary. None of them holds the request: settings and figures only, so no secret.
 */
import type { ThresholdVerdict } from './thresholds.js'
import type { LatencySummary, RunResult } from './types.js'

/**
 * The latencies of successes and of failures apart, when the run had failures: a fast failure (a `500` in 1 ms) pulls
 * the blended percentiles down, and these say by how much. Absent when every call succeeded (they equal `latencyMs`).
 */
export function splitLatencies(
  result: Pick<RunResult, 'calls' | 'errors' | 'successLatencyMs' | 'failureLatencyMs'>,
): { successLatencyMs?: LatencySummary; failureLatencyMs: LatencySummary } | undefined {
  if (result.errors === 0) return undefined
  // Every call failed: no success has figures (zeros would pass a `successLatencyMs.p95 < …` check).
  if (result.errors >= result.calls) return { failureLatencyMs: result.failureLatencyMs }
  return { successLatencyMs: result.successLatencyMs, failureLatencyMs: result.failureLatencyMs }
}

export function resultJson(result: RunResult, verdicts: readonly ThresholdVerdict[]): Record<string, unknown> {
  return {
    calls: result.calls,
    errors: result.errors,
    errorRate: result.errorRate,
    durationS: result.durationS,
    throughput: result.throughput,
    latencyMs: result.latencyMs,
    ...splitLatencies(result),
    byStatus: result.byStatus,
    ...(result.rate ? { rate: result.rate } : {}),
    ...(result.drain ? { drain: result.drain } : {}),
    ...(result.runner ? { runner: result.runner } : {}),
    stopped: result.stopped,
    thresholds: verdicts.map(({ expr, ok, actual }) => ({ expr, ok, actual })),
    settings: result.settings,
  }
}

/**
 * A run's JSON export, one file whether the run is exported from the server's memory or from the workspace it was saved
 * in: what was measured (the target, never the call's metadata), the `--json` object, and the run second by second.
 */
export function resultJsonFile(
  result: RunResult & { thresholds: readonly ThresholdVerdict[] },
  target: CsvTarget,
): Record<string, unknown> {
  return { target, ...resultJson(result, result.thresholds), timeline: result.timeline }
}

const csvColumns = [
  'second',
  'calls',
  'errors',
  'throughput',
  'min_ms',
  'mean_ms',
  'p50_ms',
  'p75_ms',
  'p90_ms',
  'p95_ms',
  'p99_ms',
  'p999_ms',
  'max_ms',
  'in_flight',
  // How long the row's second lasted: 1 but for the last (the total row: the run's duration).
  'length_s',
] as const

/** What was measured, when the caller knows it (the server's run status holds it; never the call's metadata). */
export interface CsvTarget {
  protocol: string
  url: string
  service: string
  method: string
}

/**
 * One row a second (only p50/p90/p99 are kept per second), then a `total` row with every figure and, when calls
 * failed, `total_ok` and `total_failed` rows with the latencies of successes and of failures apart (throughput left
 * empty: it is the run's, not theirs). Every row ends with
 * the run's settings (`mode, concurrency, rate_per_s, planned_duration_s, planned_calls, warmup`, empty when not set)
 * and, given a target, `protocol, url, service, method`: a file on its own says what was measured and how.
 */
export function resultCsv(result: RunResult, target?: CsvTarget): string {
  const { settings } = result
  const setting = (value: number | undefined): string | number => value ?? ''
  const described: (string | number)[] = [
    settings.mode,
    settings.concurrency,
    setting(settings.mode === 'open' ? settings.rate : undefined),
    setting(settings.durationS),
    setting(settings.mode === 'closed' ? settings.calls : undefined),
    setting(settings.warmup),
    ...(target ? [target.protocol, target.url, target.service, target.method] : []),
  ]
  const header = [...csvColumns, ...settingColumns, ...(target ? targetColumns : [])]
  const rows: (string | number)[][] = []
  for (const s of result.timeline) {
    rows.push([
      s.second,
      s.calls,
      s.errors,
      round(s.throughput),
      '',
      '',
      s.p50,
      '',
      s.p90,
      '',
      s.p99,
      '',
      '',
      s.inFlight,
      s.lengthS ?? '',
    ])
  }
  const total = (name: string, calls: number, errors: number, throughput: number | '', l: LatencySummary) => [
    name,
    calls,
    errors,
    throughput,
    l.min,
    l.mean,
    l.p50,
    l.p75,
    l.p90,
    l.p95,
    l.p99,
    l.p999,
    l.max,
    '',
    result.durationS,
  ]
  rows.push(total('total', result.calls, result.errors, result.throughput, result.latencyMs))
  const split = splitLatencies(result)
  if (split) {
    if (split.successLatencyMs)
      rows.push(total('total_ok', result.calls - result.errors, 0, '', split.successLatencyMs))
    rows.push(total('total_failed', result.errors, result.errors, '', split.failureLatencyMs))
  }
  const lines = [header.join(','), ...rows.map((row) => [...row, ...described].map(csvCell).join(','))]
  return `${lines.join('\n')}\n`
}

const settingColumns = ['mode', 'concurrency', 'rate_per_s', 'planned_duration_s', 'planned_calls', 'warmup'] as const
const targetColumns = ['protocol', 'url', 'service', 'method'] as const

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
/**
 * One CSV cell. Text from a target (a service or method name from its document) that a spreadsheet would read as a
 * formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`, as OWASP's CSV-injection guidance says; numbers
 * stay numbers.
 */
function csvCell(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The k6 script kind a protocol's run exports as (`k6-script.ts`), or `undefined` when k6 cannot run it. */
export function k6KindOf(protocol: string | undefined): 'http' | 'grpc' | 'ws' | undefined {
  if (protocol === 'rest' || protocol === 'http' || protocol === 'graphql') return 'http'
  if (protocol === 'grpc') return 'grpc'
  if (protocol === 'websocket') return 'ws'
  return undefined
}

/**
 * The summary k6 prints at the end of a test, with our figures under the metrics the run's k6 script would report:
 * `http_req_duration`/`http_req_failed`/`http_reqs` for HTTP, `grpc_req_duration` or `ws_session_duration` with the
 * `checks` the script makes for gRPC and WebSocket; a protocol k6 cannot run gets `iteration_duration`, `iterations`
 * and its failures as a custom rate metric, `call_failed` — never a `checks` line for checks no script makes.
 */
export function k6Summary(result: RunResult, verdicts: readonly ThresholdVerdict[], protocol?: string): string {
  const lines: string[] = []
  if (verdicts.length > 0) {
    for (const verdict of verdicts) {
      const seen = verdict.unmeasured ? 'no call measured' : verdict.actual
      lines.push(`     ${verdict.ok ? '✓' : '✗'} ${verdict.expr} (${seen})`)
    }
    lines.push('')
  }
  const rate = (n: number): string => `${round(result.durationS > 0 ? n / result.durationS : 0)}/s`
  const passed = result.calls - result.errors
  const percent = (n: number): string => (result.calls === 0 ? '0.00' : ((n / result.calls) * 100).toFixed(2))
  // A k6 Rate metric reads `<share true> ✓ <true> ✗ <false>`: for a failure rate, true means failed.
  const failedRate = `${percent(result.errors)}% ✓ ${result.errors} ✗ ${passed}`
  // The run's own throughput, so the summary and the result agree (a drain is not in it).
  const calls = `${result.calls} ${round(result.throughput)}/s`
  const kind = k6KindOf(protocol)
  // The scripts check what a status cannot say: a gRPC or WebSocket answer, a GraphQL answer's `errors`.
  if (kind === 'grpc' || kind === 'ws' || protocol === 'graphql')
    lines.push(metric('checks', `${percent(passed)}% ✓ ${passed} ✗ ${result.errors}`))
  if (kind === 'http') {
    lines.push(metric('http_req_duration', latencyLine(result.latencyMs)))
    // k6's own sub-metric of the successful requests' durations, under the blended one.
    const split = splitLatencies(result)
    if (split?.successLatencyMs)
      lines.push(subMetric('{ expected_response:true }', latencyLine(split.successLatencyMs)))
    lines.push(metric('http_req_failed', failedRate))
    lines.push(metric('http_reqs', calls))
  } else {
    if (kind === undefined) lines.push(metric('call_failed', failedRate))
    if (kind === 'grpc') lines.push(metric('grpc_req_duration', latencyLine(result.latencyMs)))
    if (kind === 'ws') lines.push(metric('ws_session_duration', latencyLine(result.latencyMs)))
    lines.push(metric('iteration_duration', latencyLine(result.latencyMs)))
    lines.push(metric('iterations', calls))
  }
  lines.push(metric('vus_max', `${result.settings.concurrency} min=${result.settings.concurrency}`))
  if (result.rate) {
    const dropped = result.rate.notStarted
    lines.push(metric('dropped_iterations', `${dropped} ${rate(dropped)}`))
  }
  const status = result.stopped ? 'interrupted' : 'complete'
  lines.push('', `running (${result.durationS}s), ${status}: ${result.calls} complete iterations`)
  return `${lines.join('\n')}\n`
}

function latencyLine(l: LatencySummary): string {
  return `avg=${ms(l.mean)} min=${ms(l.min)} med=${ms(l.p50)} max=${ms(l.max)} p(90)=${ms(l.p90)} p(95)=${ms(l.p95)}`
}

/** k6 pads each metric name with dots to one column. */
function metric(name: string, value: string): string {
  return `     ${name.padEnd(30, '.')}: ${value}`
}

/** A sub-metric sits two columns further in, its dots ending in the same column. */
function subMetric(name: string, value: string): string {
  return `       ${name.padEnd(28, '.')}: ${value}`
}

function ms(value: number): string {
  return value >= 1000 ? `${round(value / 1000)}s` : `${round(value)}ms`
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
