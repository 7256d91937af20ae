/** Two runs of the method side by side: histograms overlaid and the percentiles with B/A, coloured better or worse. */
import type { ReactElement } from 'react'
import type { BenchResult } from '@wirebench/core'
import { HistogramChart } from './BenchCharts.js'
import { PercentileTable } from './BenchTables.js'
import type { BenchRun } from './bench-store.js'

export interface BenchCompareProps {
  runs: readonly BenchRun[]
  a?: string
  b?: string
  onPick: (slot: 'a' | 'b', runId: string | undefined) => void
}

type Finished = BenchRun & { result: BenchResult }

export function BenchCompare({ runs, a, b, onPick }: BenchCompareProps): ReactElement | null {
  const finished = runs.filter((run): run is Finished => run.result !== undefined)
  if (finished.length < 2) return null
  const runA = finished.find((run) => run.id === a)
  const runB = finished.find((run) => run.id === b)
  const picker = (slot: 'a' | 'b', value: string | undefined) => (
    <label className="bench-setting">
      <span>Run {slot.toUpperCase()}</span>
      <select value={value ?? ''} onChange={(event) => onPick(slot, event.target.value || undefined)}>
        <option value="">—</option>
        {finished.map((run) => (
          <option key={run.id} value={run.id}>
            {run.label}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <section className="bench-compare" aria-label="Compare two runs">
      <h3 className="bench-heading">Compare</h3>
      <div className="bench-settings">
        {picker('a', a)}
        {picker('b', b)}
      </div>
      {runA && runB && (
        <>
          <HistogramChart
            runs={[
              { label: `A: ${runA.label}`, result: runA.result },
              { label: `B: ${runB.label}`, result: runB.result },
            ]}
          />
          <PercentileTable
            a={{ label: runA.label, result: runA.result }}
            b={{ label: runB.label, result: runB.result }}
          />
        </>
      )}
    </section>
  )
}
