/** The run's charts: latency over time (p50/p90/p99 per second), throughput (calls/s, errors/s) and the histogram. */
import { useCallback, useMemo, type ReactElement } from 'react'
import type { BenchResult, BenchSecond } from '@wirebench/core'
import uPlot from 'uplot'
import { UplotChart } from './UplotChart.js'
import { withAlpha, type ChartColors } from './theme-colors.js'

/** Ticks of the per-second charts fall on whole seconds. */
const secondSteps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600]

/** Tick positions on whole multiples of the first step that leaves at most eight ticks. */
function wholeSplits(steps: number[]) {
  return (_u: uPlot, _axis: number, min: number, max: number): number[] => {
    const step = steps.find((candidate) => (max - min) / candidate <= 8) ?? steps.at(-1) ?? 1
    const ticks: number[] = []
    for (let tick = Math.ceil(min / step) * step; tick <= max; tick += step) ticks.push(tick)
    return ticks
  }
}

function axes(colors: ChartColors, xLabel: string, yLabel: string, xSteps?: number[]): uPlot.Axis[] {
  const common = { stroke: colors.muted, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid } }
  return [
    { ...common, label: xLabel, labelSize: 18, ...(xSteps ? { splits: wholeSplits(xSteps) } : {}) },
    { ...common, label: yLabel, labelSize: 18, size: 52 },
  ]
}

const secondsScale = { x: { time: false } }

export function LatencyChart({ timeline }: { timeline: readonly BenchSecond[] }): ReactElement {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      timeline.map((s) => s.second),
      timeline.map((s) => s.p50),
      timeline.map((s) => s.p90),
      timeline.map((s) => s.p99),
    ],
    [timeline],
  )
  const options = useCallback(
    (colors: ChartColors) => ({
      scales: secondsScale,
      axes: axes(colors, 'second', 'ms', secondSteps),
      series: [
        { label: 'second' },
        { label: 'p50', stroke: colors.ok, width: 2 },
        { label: 'p90', stroke: colors.warn, width: 2 },
        { label: 'p99', stroke: colors.danger, width: 2 },
      ],
    }),
    [],
  )
  const last = timeline.at(-1)
  const summary = last
    ? `Second ${last.second}: p50 ${last.p50.toFixed(2)} ms, p90 ${last.p90.toFixed(2)} ms, p99 ${last.p99.toFixed(2)} ms`
    : 'No second has ended yet'
  return <UplotChart label="Latency over time" data={data} options={options} summary={summary} />
}

/** A second's errors as a rate like its throughput: the last second of a run may be shorter than one. */
export function errorsPerSecond(second: BenchSecond): number {
  return second.calls > 0 ? (second.errors * second.throughput) / second.calls : second.errors
}

export function ThroughputChart({ timeline }: { timeline: readonly BenchSecond[] }): ReactElement {
  const data = useMemo<uPlot.AlignedData>(
    () => [timeline.map((s) => s.second), timeline.map((s) => s.throughput), timeline.map(errorsPerSecond)],
    [timeline],
  )
  const options = useCallback(
    (colors: ChartColors) => ({
      scales: secondsScale,
      axes: axes(colors, 'second', 'calls/s', secondSteps),
      series: [
        { label: 'second' },
        { label: 'calls/s', stroke: colors.accent, fill: withAlpha(colors.accent, 0.12), width: 2 },
        { label: 'errors/s', stroke: colors.danger, width: 2 },
      ],
    }),
    [],
  )
  const last = timeline.at(-1)
  const summary = last
    ? `Second ${last.second}: ${last.throughput.toFixed(1)} calls/s, ${last.errors} errors, ${last.inFlight} in flight`
    : 'No second has ended yet'
  return <UplotChart label="Throughput" data={data} options={options} summary={summary} />
}

/** The runner's histogram buckets (loadrun's log-buckets.ts): four a doubling, bucket i ending at 2^(i/4) µs. */
const stepsPerDoubling = 4
const bucketIndex = (upperMs: number): number => Math.round(Math.log2(upperMs * 1000) * stepsPerDoubling)
/** A bucket edge in ms, to 3 significant digits (consecutive edges are 19 % apart, so they stay distinct). */
const edgeMs = (index: number): number => Number((2 ** (index / stepsPerDoubling) / 1000).toPrecision(3))

/**
 * Each run's buckets as a share of its calls (%), every bucket from the lowest to the highest that holds calls (empty
 * ones as 0, so a gap is drawn as one), on the same edges for every run so runs of any size compare. A bucket is a
 * point at its lower edge held (step-after) up to the next point, its upper edge; a last point closes the top bucket.
 */
export function histogramData(runs: ReadonlyArray<Pick<BenchResult, 'histogram'>>): uPlot.AlignedData {
  const counts = runs.map((run) => {
    const byIndex = new Map<number, number>()
    for (const { upperMs, count } of run.histogram) {
      const index = bucketIndex(upperMs)
      byIndex.set(index, (byIndex.get(index) ?? 0) + count)
    }
    return byIndex
  })
  const indexes = counts.flatMap((byIndex) => [...byIndex.keys()])
  if (indexes.length === 0) return [[], ...runs.map(() => [])]
  const lowest = Math.min(...indexes)
  const highest = Math.max(...indexes)
  const span = Array.from({ length: highest - lowest + 1 }, (_, k) => lowest + k)
  const edges = [...span.map((index) => edgeMs(index - 1)), edgeMs(highest)]
  const shares = runs.map((run, k) => {
    const total = run.histogram.reduce((sum, bucket) => sum + bucket.count, 0) || 1
    return [...span.map((index) => ((counts[k]?.get(index) ?? 0) / total) * 100), 0]
  })
  return [edges, ...shares]
}

export interface HistogramChartProps {
  runs: ReadonlyArray<{ label: string; result: BenchResult }>
}

export function HistogramChart({ runs }: HistogramChartProps): ReactElement {
  const results = useMemo(() => runs.map((run) => run.result), [runs])
  const data = useMemo(() => histogramData(results), [results])
  const labels = runs.map((run) => run.label).join('|')
  const options = useCallback(
    (colors: ChartColors) => {
      const tones = [colors.accent, colors.warn]
      return {
        scales: {
          x: { time: false, distr: 3 as const },
          y: { range: (_u: uPlot, _min: number, max: number) => [0, max * 1.1] as uPlot.Range.MinMax },
        },
        axes: axes(colors, 'latency (ms, log scale)', '% of calls'),
        series: [
          { label: 'ms' },
          ...labels.split('|').map((label, index) => {
            const tone = tones[index % tones.length] ?? colors.accent
            return {
              label,
              stroke: tone,
              fill: withAlpha(tone, 0.22),
              width: 1.5,
              paths: uPlot.paths.stepped?.({ align: 1 }),
              // A bar chart: no dot at each bucket edge (uPlot draws them when points are few).
              points: { show: false },
            }
          }),
        ],
      }
    },
    [labels],
  )
  const label = runs.length > 1 ? 'Latency histograms overlaid' : 'Latency histogram'
  return <UplotChart label={label} data={data} options={options} height={200} />
}
