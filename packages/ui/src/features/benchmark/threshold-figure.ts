/** A threshold's measured figure in its metric's unit: `3.36 ms` for a percentile, `1.20 %` for the error rate. */

const latencyMetrics = new Set(['min', 'mean', 'avg', 'med', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99.9', 'p999', 'max'])

export function formatMs(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`
}

/** The runner reports latency in milliseconds whatever unit the expression used (`p95 < 0.2s`). */
export function thresholdActual(expr: string, actual: number): string {
  const metric = /^\s*([a-z][a-z0-9.-]*)/i.exec(expr)?.[1]?.toLowerCase() ?? ''
  if (latencyMetrics.has(metric)) return formatMs(actual)
  if (metric === 'error-rate') return `${(actual * 100).toFixed(2)} %`
  if (metric === 'throughput') return `${actual.toFixed(1)} calls/s`
  return String(Number(actual.toFixed(4)))
}
