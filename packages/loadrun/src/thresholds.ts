/** Pass/fail thresholds on a run (`p95 < 200ms`, `error-rate < 0.01`, `throughput > 500`): parsed, then evaluated. */
import { WorkbenchError } from '@wirebench/core'
import type { LatencySummary, RunResult } from './types.js'

type LatencyMetric = keyof LatencySummary
type Metric = LatencyMetric | 'error-rate' | 'throughput'
type Operator = '<' | '<=' | '>' | '>='

export interface Threshold {
  expr: string
  metric: Metric
  operator: Operator
  /** Milliseconds for latency, a fraction for error-rate, calls per second for throughput. */
  value: number
}

export interface ThresholdVerdict {
  expr: string
  ok: boolean
  /** The run's figure, in the threshold's unit. */
  actual: number
  /** Set when the run measured no call: a latency or error-rate threshold then fails, whatever `actual` says. */
  unmeasured?: true
}

const latencyMetrics: Record<string, LatencyMetric> = {
  min: 'min',
  mean: 'mean',
  avg: 'mean',
  med: 'p50',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  'p99.9': 'p999',
  p999: 'p999',
  max: 'max',
}
const latencyUnits: Record<string, number> = { '': 1, ms: 1, s: 1000, us: 0.001, µs: 0.001 }
const shape = /^\s*([a-z][a-z0-9.-]*)\s*(<=|>=|<|>)\s*([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)\s*([a-zµ%/]*)\s*$/i
const metricNames = [...Object.keys(latencyMetrics), 'error-rate', 'throughput'].join(', ')

export function parseThreshold(expr: string): Threshold {
  const match = shape.exec(expr)
  if (!match) {
    throw invalid(`Threshold "${expr}" is not "<metric> <operator> <value>".`, `Write e.g. 'p95 < 200ms'.`)
  }
  const [, rawName = '', operator = '<', rawValue = '', rawUnit = ''] = match
  const name = rawName.toLowerCase()
  const unit = rawUnit.toLowerCase()
  const number = Number(rawValue)
  const base = { expr: expr.trim(), operator: operator as Operator }
  const latency = latencyMetrics[name]
  if (latency) {
    const factor = latencyUnits[unit]
    if (factor === undefined) throw invalid(`Threshold "${expr}": "${rawUnit}" is not a time unit.`, 'Use ms, s or us.')
    return { ...base, metric: latency, value: number * factor }
  }
  if (name === 'error-rate') {
    if (unit !== '' && unit !== '%') {
      throw invalid(`Threshold "${expr}": an error rate is a fraction or a percentage, not "${rawUnit}".`)
    }
    const value = unit === '%' ? number / 100 : number
    if (value > 1) throw invalid(`Threshold "${expr}": an error rate above 1 cannot be reached.`, `Write 0.01 or 1%.`)
    return { ...base, metric: 'error-rate', value }
  }
  if (name === 'throughput') {
    if (unit !== '' && unit !== '/s') {
      throw invalid(`Threshold "${expr}": throughput is in calls per second, not "${rawUnit}".`)
    }
    return { ...base, metric: 'throughput', value: number }
  }
  throw invalid(`Threshold "${expr}": unknown metric "${rawName}".`, `Use one of ${metricNames}.`)
}

export function evaluateThresholds(result: RunResult, thresholds: readonly Threshold[]): ThresholdVerdict[] {
  return thresholds.map((threshold) => {
    const actual = figure(result, threshold.metric)
    // With no call measured the percentiles and the error rate read 0: a gate passed by a target that never answered.
    if (result.calls === 0 && threshold.metric !== 'throughput') {
      return { expr: threshold.expr, ok: false, actual, unmeasured: true }
    }
    return { expr: threshold.expr, ok: compare(actual, threshold.operator, threshold.value), actual }
  })
}

function figure(result: RunResult, metric: Metric): number {
  if (metric === 'error-rate') return result.errorRate
  if (metric === 'throughput') return result.throughput
  return result.latencyMs[metric]
}

function compare(actual: number, operator: Operator, value: number): boolean {
  switch (operator) {
    case '<':
      return actual < value
    case '<=':
      return actual <= value
    case '>':
      return actual > value
    case '>=':
      return actual >= value
  }
}

function invalid(message: string, hint?: string): WorkbenchError {
  return new WorkbenchError('invalid_request', message, hint ? { hint } : {})
}
