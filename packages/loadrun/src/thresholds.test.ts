import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { evaluateThresholds, parseThreshold } from './thresholds.js'
import type { RunResult } from './types.js'

const latency = { min: 1, mean: 12, p50: 10, p75: 14, p90: 30, p95: 150, p99: 400, p999: 900, max: 1200 }
const result: RunResult = {
  calls: 1000,
  errors: 5,
  errorRate: 0.005,
  durationS: 2,
  throughput: 500,
  latencyMs: latency,
  successLatencyMs: latency,
  failureLatencyMs: latency,
  byStatus: { '200': 995, '503': 5 },
  timeline: [],
  histogram: [],
  stopped: false,
  settings: { mode: 'closed', calls: 1000, concurrency: 8 },
}

describe('thresholds', () => {
  it('parses latency in ms, s and us, error rates as fractions or percentages, and throughput', () => {
    expect(parseThreshold('p95 < 200ms')).toEqual({ expr: 'p95 < 200ms', metric: 'p95', operator: '<', value: 200 })
    expect(parseThreshold('p99.9<=1.5s')).toMatchObject({ metric: 'p999', operator: '<=', value: 1500 })
    expect(parseThreshold('max < 500us')).toMatchObject({ metric: 'max', value: 0.5 })
    expect(parseThreshold('error-rate < 0.01')).toMatchObject({ metric: 'error-rate', value: 0.01 })
    expect(parseThreshold('error-rate < 1%')).toMatchObject({ metric: 'error-rate', value: 0.01 })
    expect(parseThreshold('throughput > 500')).toMatchObject({ metric: 'throughput', operator: '>', value: 500 })
    expect(parseThreshold(' throughput >= 500/s ')).toMatchObject({ expr: 'throughput >= 500/s', operator: '>=' })
  })

  it.each([
    ['p96 < 200ms', 'unknown metric "p96"'],
    ['p95 200ms', 'is not "<metric> <operator> <value>"'],
    ['p95 < fast', 'is not "<metric> <operator> <value>"'],
    ['p95 < 200kg', '"kg" is not a time unit'],
    ['error-rate < 5', 'above 1 cannot be reached'],
    ['error-rate < 5ms', 'a fraction or a percentage'],
    ['throughput > 5ms', 'calls per second'],
  ])('refuses %s with a clear error', (expr, message) => {
    let thrown: unknown
    try {
      parseThreshold(expr)
    } catch (error) {
      thrown = error
    }
    expect(WorkbenchError.is(thrown, 'invalid_request')).toBe(true)
    expect((thrown as Error).message).toContain(message)
  })

  it('evaluates each threshold against the run, with the figure it saw', () => {
    const verdicts = evaluateThresholds(
      result,
      [
        'p95 < 200ms',
        'p99 < 200ms',
        'error-rate < 0.01',
        'error-rate < 0.001',
        'throughput > 500',
        'throughput >= 500',
      ].map(parseThreshold),
    )
    expect(verdicts).toEqual([
      { expr: 'p95 < 200ms', ok: true, actual: 150 },
      { expr: 'p99 < 200ms', ok: false, actual: 400 },
      { expr: 'error-rate < 0.01', ok: true, actual: 0.005 },
      { expr: 'error-rate < 0.001', ok: false, actual: 0.005 },
      { expr: 'throughput > 500', ok: false, actual: 500 },
      { expr: 'throughput >= 500', ok: true, actual: 500 },
    ])
  })

  it('fails a latency or error-rate threshold of a run that measured no call', () => {
    const zero = { min: 0, mean: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 }
    const empty: RunResult = {
      ...result,
      calls: 0,
      errors: 0,
      errorRate: 0,
      throughput: 0,
      latencyMs: zero,
      successLatencyMs: zero,
      failureLatencyMs: zero,
      byStatus: {},
      stopped: true,
    }
    const verdicts = evaluateThresholds(
      empty,
      ['p95 < 200ms', 'error-rate < 0.01', 'throughput < 5'].map(parseThreshold),
    )
    expect(verdicts).toEqual([
      { expr: 'p95 < 200ms', ok: false, actual: 0, unmeasured: true },
      { expr: 'error-rate < 0.01', ok: false, actual: 0, unmeasured: true },
      // Throughput is measured without calls: none per second.
      { expr: 'throughput < 5', ok: true, actual: 0 },
    ])
  })
})
