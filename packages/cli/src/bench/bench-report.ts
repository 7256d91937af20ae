/** A finished benchmark as the terminal shows it (a table) or as `--json` prints it (one object). */
import { resultJson, splitLatencies } from '@wirebench/loadrun'
import type { LatencySummary, RunResult, ThresholdVerdict } from '@wirebench/loadrun'

/** The object is the runner's: the UI's JSON export and `--json` are the same file. */
export const benchJson = resultJson

const percentiles = ['min', 'mean', 'p50', 'p75', 'p90', 'p95', 'p99', 'p999', 'max'] as const

const latencyRow = (l: LatencySummary): string => percentiles.map((name) => `${name} ${l[name]}`).join('  ')

export function benchTable(result: RunResult, verdicts: readonly ThresholdVerdict[]): string {
  const lines: string[] = []
  const errorPercent = (result.errorRate * 100).toFixed(2)
  lines.push(
    `calls ${result.calls}   errors ${result.errors} (${errorPercent} %)   duration ${result.durationS} s   throughput ${result.throughput}/s${result.stopped ? '   (stopped early)' : ''}`,
  )
  lines.push(`latency (ms)  ${latencyRow(result.latencyMs)}`)
  // With failures, the successes' and the failures' own figures: a fast failure must not flatter the row above.
  const split = splitLatencies(result)
  if (split) {
    lines.push(`  ok          ${split.successLatencyMs ? latencyRow(split.successLatencyMs) : 'no call succeeded'}`)
    lines.push(`  failed      ${latencyRow(split.failureLatencyMs)}`)
  }
  const statuses = Object.entries(result.byStatus).sort(([, a], [, b]) => b - a)
  if (statuses.length > 0) lines.push(`by status     ${statuses.map(([status, n]) => `${status} ${n}`).join('  ')}`)
  if (result.rate && !result.rate.met) {
    lines.push(
      `rate          NOT MET: asked ${result.rate.requested}/s, started ${result.rate.achieved}/s (${result.rate.notStarted} calls never started; the target or -c could not keep up)`,
    )
  }
  if (result.drain) {
    lines.push(
      `drain         ${result.drain.calls} calls in flight at the end took ${result.drain.seconds} s more (in the latencies, not in the throughput)`,
    )
  }
  const runner = result.runner
  if (runner?.saturated === true) {
    lines.push(
      `runner        SATURATED: this process's event loop ran ${runner.loopDelayMs.mean} ms late on average (p99 ${runner.loopDelayMs.p99} ms), so these latencies include time answers waited here; lower -c, or run the target elsewhere`,
    )
  }
  for (const verdict of verdicts) {
    const seen = verdict.unmeasured ? 'no call was measured' : `was ${verdict.actual}`
    lines.push(`threshold     ${verdict.ok ? 'pass' : 'FAIL'}  ${verdict.expr}  (${seen})`)
  }
  return `${lines.join('\n')}\n`
}
