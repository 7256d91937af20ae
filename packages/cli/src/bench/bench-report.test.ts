import { describe, expect, it } from 'vitest'
import type { RunResult } from '@wirebench/loadrun'
import { benchTable } from './bench-report.js'

const latency = { min: 1, mean: 2, p50: 2, p75: 2, p90: 3, p95: 3, p99: 4, p999: 4, max: 4 }
const result = (saturated: boolean): RunResult => ({
  calls: 10,
  errors: 0,
  errorRate: 0,
  durationS: 1,
  throughput: 10,
  latencyMs: latency,
  successLatencyMs: latency,
  failureLatencyMs: latency,
  byStatus: { '200': 10 },
  timeline: [],
  histogram: [],
  stopped: false,
  settings: { mode: 'closed', calls: 10, concurrency: 1 },
  runner: { loopDelayMs: { mean: saturated ? 412 : 1.2, p50: 1, p99: 900, max: 950 }, saturated },
})

describe('the bench result table', () => {
  it('says when the runner was saturated, and that latencies then include its own queueing', () => {
    expect(benchTable(result(true), [])).toMatch(
      /SATURATED: this process's event loop ran 412 ms late on average \(p99 900 ms\).*lower -c/,
    )
    expect(benchTable(result(false), [])).not.toMatch(/SATURATED/)
  })

  it('shows the latencies of successes and failures apart under the blended row when calls failed', () => {
    const ok = { ...latency, p50: 10 }
    const failed = { ...latency, p50: 0.5 }
    const table = benchTable({ ...result(false), errors: 1, successLatencyMs: ok, failureLatencyMs: failed }, [])
    const lines = table.split('\n')
    const blended = lines.findIndex((line) => line.startsWith('latency (ms)'))
    expect(lines[blended + 1]).toMatch(/^ {2}ok {10}min 1 {2}mean 2 {2}p50 10 /)
    expect(lines[blended + 2]).toMatch(/^ {2}failed {6}min 1 {2}mean 2 {2}p50 0\.5 /)
    // Every figure sits under the blended row's.
    expect(lines[blended + 1]?.indexOf('min')).toBe(lines[blended]?.indexOf('min'))
    expect(benchTable(result(false), [])).not.toMatch(/^ {2}ok /m)
  })

  it('says a threshold failed because no call was measured, not what the empty figure read', () => {
    const table = benchTable({ ...result(false), calls: 0 }, [
      { expr: 'p95 < 200ms', ok: false, actual: 0, unmeasured: true },
      { expr: 'throughput < 5', ok: true, actual: 0 },
    ])
    expect(table).toContain('threshold     FAIL  p95 < 200ms  (no call was measured)')
    expect(table).toContain('threshold     pass  throughput < 5  (was 0)')
  })
})
