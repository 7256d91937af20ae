/** The run's figures as tables: percentiles (one run, or two side by side with B/A), statuses, and thresholds. */
import type { ReactElement } from 'react'
import type { BenchLatency, BenchResult } from '@wirebench/core'
import { describeSettings } from './bench-settings.js'
import { formatMs as ms, thresholdActual } from './threshold-figure.js'

/** Which way a figure is better; `neither` for a count that only says how much was measured. */
type Better = 'lower' | 'higher' | 'neither'

interface Row {
  name: string
  value: (result: BenchResult) => number
  format: (value: number) => string
  better: Better
  /** A latency figure: the successes and the failures have their own. */
  latency?: keyof BenchLatency
}

const latencyRow = (name: string, latency: keyof BenchLatency): Row => ({
  name,
  value: (r) => r.latencyMs[latency],
  format: ms,
  better: 'lower',
  latency,
})

const rows: Row[] = [
  latencyRow('min', 'min'),
  latencyRow('mean', 'mean'),
  latencyRow('p50', 'p50'),
  latencyRow('p75', 'p75'),
  latencyRow('p90', 'p90'),
  latencyRow('p95', 'p95'),
  latencyRow('p99', 'p99'),
  latencyRow('p99.9', 'p999'),
  latencyRow('max', 'max'),
  { name: 'throughput', value: (r) => r.throughput, format: (v) => `${v.toFixed(1)} /s`, better: 'higher' },
  { name: 'error rate', value: (r) => r.errorRate, format: (v) => `${(v * 100).toFixed(2)} %`, better: 'lower' },
  { name: 'calls', value: (r) => r.calls, format: (v) => String(v), better: 'neither' },
]

/** B/A, and whether B is better, worse or within 2 % of A (for this row's direction). */
export function ratioOf(a: number, b: number, better: Better): { text: string; tone: 'better' | 'worse' | 'same' } {
  if (a === 0 && b === 0) return { text: '1.00×', tone: 'same' }
  if (better === 'neither') return { text: a === 0 ? '—' : `${(b / a).toFixed(2)}×`, tone: 'same' }
  if (a === 0) return { text: '—', tone: better === 'higher' ? 'better' : 'worse' }
  const ratio = b / a
  const tone = Math.abs(ratio - 1) <= 0.02 ? 'same' : ratio < 1 === (better === 'lower') ? 'better' : 'worse'
  return { text: `${ratio.toFixed(2)}×`, tone }
}

/**
 * A row's figures for the successes and the failures apart (a fast failure flatters the blended percentiles), or
 * `undefined` when no call failed. Latencies and the call counts have them; a set with no calls shows a dash.
 */
export function splitCells(row: Row, result: BenchResult): { ok: string; failed: string } | undefined {
  if (result.errors === 0) return undefined
  const succeeded = result.calls - result.errors
  if (row.name === 'calls') return { ok: String(succeeded), failed: String(result.errors) }
  if (!row.latency) return { ok: '', failed: '' }
  return {
    ok: succeeded > 0 ? row.format(result.successLatencyMs[row.latency]) : '—',
    failed: row.format(result.failureLatencyMs[row.latency]),
  }
}

export { rows as percentileRows }

export interface PercentileTableProps {
  a: { label: string; result: BenchResult }
  b?: { label: string; result: BenchResult }
}

export function PercentileTable({ a, b }: PercentileTableProps): ReactElement {
  // One run with failures: its successes and failures beside the blended figures (a comparison keeps to the blend).
  const isSplit = !b && a.result.errors > 0
  return (
    <table
      className={isSplit ? 'bench-table bench-table-wide' : 'bench-table'}
      aria-label={b ? 'Percentiles compared' : 'Percentiles'}
    >
      <thead>
        <tr>
          <th scope="col">figure</th>
          <th scope="col">{b ? `A: ${a.label}` : isSplit ? 'all calls' : a.label}</th>
          {b && <th scope="col">B: {b.label}</th>}
          {b && <th scope="col">B/A</th>}
          {isSplit && <th scope="col">successes</th>}
          {isSplit && <th scope="col">failures</th>}
        </tr>
      </thead>
      <tbody>
        {b && (
          <tr>
            <th scope="row">load</th>
            <td>{describeSettings(a.result.settings)}</td>
            <td>{describeSettings(b.result.settings)}</td>
            <td />
          </tr>
        )}
        {rows.map((row) => {
          const valueA = row.value(a.result)
          const valueB = b ? row.value(b.result) : undefined
          const ratio = valueB === undefined ? undefined : ratioOf(valueA, valueB, row.better)
          const split = isSplit ? splitCells(row, a.result) : undefined
          return (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td className="mono">{row.format(valueA)}</td>
              {valueB !== undefined && <td className="mono">{row.format(valueB)}</td>}
              {ratio && (
                <td className={`mono bench-ratio bench-ratio-${ratio.tone}`} title={`B is ${ratio.tone} than A`}>
                  {ratio.text}
                </td>
              )}
              {split && <td className="mono">{split.ok}</td>}
              {split && <td className="mono">{split.failed}</td>}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** Calls per status over the run; failed statuses first (a status counts as failed when any call with it failed). */
export function StatusBreakdown({ result }: { result: BenchResult }): ReactElement {
  const failed = new Map<string, number>()
  for (const second of result.timeline) {
    for (const [status, count] of Object.entries(second.errorsByStatus)) {
      failed.set(status, (failed.get(status) ?? 0) + count)
    }
  }
  const entries = Object.entries(result.byStatus).sort(
    ([a, x], [b, y]) => Number(failed.has(b)) - Number(failed.has(a)) || y - x,
  )
  return (
    <table className="bench-table" aria-label="Calls by status">
      <thead>
        <tr>
          <th scope="col">status</th>
          <th scope="col">calls</th>
          <th scope="col">share</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([status, count]) => (
          <tr key={status} className={failed.has(status) ? 'bench-status-failed' : undefined}>
            <th scope="row" className="mono">
              {status}
              {failed.has(status) && <span className="bench-tag bench-fail">error</span>}
            </th>
            <td className="mono">{count}</td>
            <td className="mono">{((count / (result.calls || 1)) * 100).toFixed(1)} %</td>
          </tr>
        ))}
        {entries.length === 0 && (
          <tr>
            <td colSpan={3}>No call ended in this run.</td>
          </tr>
        )}
      </tbody>
    </table>
  )
}

export function ThresholdList({ result }: { result: BenchResult }): ReactElement | null {
  if (result.thresholds.length === 0) return null
  return (
    <ul className="bench-thresholds" aria-label="Thresholds">
      {result.thresholds.map((threshold) => (
        <li key={threshold.expr} className={threshold.ok ? 'bench-pass' : 'bench-fail'}>
          <span className="bench-tag">{threshold.ok ? 'pass' : 'fail'}</span>
          <code>{threshold.expr}</code>
          <span className="muted mono">
            {threshold.unmeasured ? 'no call measured' : `actual ${thresholdActual(threshold.expr, threshold.actual)}`}
          </span>
        </li>
      ))}
    </ul>
  )
}
