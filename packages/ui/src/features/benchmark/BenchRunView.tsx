/** One run: its live charts while it goes on, then the histogram, percentiles, statuses and thresholds of its result. */
import { useMemo, type ReactElement } from 'react'
import { HistogramChart, LatencyChart, ThroughputChart } from './BenchCharts.js'
import { PercentileTable, StatusBreakdown, ThresholdList } from './BenchTables.js'
import { chartedSeconds } from './bench-seconds.js'
import { describeSettings } from './bench-settings.js'
import type { BenchRun } from './bench-store.js'

const stateWords: Record<BenchRun['state'], string> = {
  starting: 'starting',
  running: 'running',
  finished: 'finished',
  stopped: 'stopped early (partial result)',
  failed: 'failed',
}

export function BenchRunView({ run }: { run: BenchRun }): ReactElement {
  const { result } = run
  const rate = result?.rate
  const isEnded = run.state !== 'running' && run.state !== 'starting'
  const isStopped = run.state === 'stopped'
  const charted = useMemo(
    () => chartedSeconds(run.timeline, isEnded ? { settings: run.settings, isStopped } : undefined),
    [run.timeline, run.settings, isEnded, isStopped],
  )
  return (
    <section className="bench-run" aria-label={`${run.label} results`} data-state={run.state}>
      <p className="bench-run-line">
        <strong>{run.label}</strong> <span className="muted">{describeSettings(run.settings)}</span>{' '}
        <span className={`bench-state bench-state-${run.state}`} role="status">
          {stateWords[run.state]}
        </span>
        {run.state === 'running' && <span className="muted mono"> {run.timeline.length} s</span>}
      </p>
      {run.error && (
        <p className="bench-problem" role="alert">
          {run.error}
        </p>
      )}
      {rate && !rate.met && (
        <p className="bench-note">
          The target rate of {rate.requested}/s was not met: {rate.achieved.toFixed(1)}/s achieved, {rate.notStarted}{' '}
          calls never started, starts were up to {rate.maxStartDelayMs.toFixed(0)} ms late. Raise Max in flight (
          {run.settings.concurrency} in this run) when calls waited for a free slot, or lower the rate.
        </p>
      )}
      {run.sharedProcess && (
        <p className="bench-note" role="note">
          This run measured the app this workbench is embedded in, from inside its own process: the latencies include
          the runner&apos;s own work, and the app served its users more slowly meanwhile. Benchmark it from another
          process (wirebench bench, or the k6 script) for figures of the app alone.
        </p>
      )}
      {result && result.calls > 0 && result.errors === result.calls && (
        <p className="bench-note" role="note">
          Every call failed ({Object.keys(result.byStatus).join(', ')}): the figures measure the failure, not the
          method. Send the request once from the Response tab to see why.
        </p>
      )}
      <div className="bench-charts">
        <LatencyChart timeline={charted.seconds} />
        <ThroughputChart timeline={charted.seconds} />
      </div>
      {charted.left && (
        <p className="muted bench-chart-note">
          Second {charted.left.second} lasted {charted.left.lengthS.toFixed(2)} s and is left out of the charts (too few
          calls for its percentiles to compare); its calls count in the figures below.
        </p>
      )}
      {result && (
        <>
          <ThresholdList result={result} />
          <HistogramChart runs={[{ label: run.label, result }]} />
          <div className="bench-tables">
            <PercentileTable a={{ label: run.label, result }} />
            <StatusBreakdown result={result} />
          </div>
        </>
      )}
    </section>
  )
}
