/**
 * Which seconds of a run the per-second charts draw. The runner closes its last second when the run ends, however
 * short: a second of 0.3 s holds few calls, so its p99 is nearly its max and reads as a spike. Such a short last
 * second is left out of the charts (its calls are in the run's totals) once at least one full second is drawn — with a
 * note when it is part of the run (a run stopped mid-second, a duration that is no whole number of seconds), silently
 * when it only holds the calls in flight at the planned end, drained after it.
 */
import type { BenchSecond, BenchSettings } from '@wirebench/core'

/** A last second shorter than this share of a second is not drawn. */
const shortShare = 0.9

/**
 * How long a second lasted: as the runner says, else estimated from its calls and their rate (the runner divides by
 * the time the second really took).
 */
export function secondLengthS(second: BenchSecond): number | undefined {
  if (second.lengthS !== undefined) return second.lengthS
  return second.calls > 0 && second.throughput > 0 ? second.calls / second.throughput : undefined
}

export interface ChartedSeconds {
  seconds: readonly BenchSecond[]
  /** The short last second left out, with its length, when the page should say so. */
  left?: { second: number; lengthS: number }
}

/** How a run ended: its settings, and whether it was stopped (a stopped run has no drain past its planned end). */
export interface RunEnd {
  settings: BenchSettings
  isStopped: boolean
}

export function chartedSeconds(timeline: readonly BenchSecond[], end: RunEnd | undefined): ChartedSeconds {
  const last = timeline.at(-1)
  // While a run goes on, every second it reports lasted a full second.
  if (!end || !last || timeline.length < 2) return { seconds: timeline }
  const lengthS = secondLengthS(last)
  if (lengthS === undefined || lengthS >= shortShare) return { seconds: timeline }
  const seconds = timeline.slice(0, -1)
  // Second n starts n − 1 s into the run: from the planned end on, it holds only calls drained after it.
  const { durationS } = end.settings
  const isDrainOnly = !end.isStopped && durationS !== undefined && last.second - 1 >= durationS
  return isDrainOnly ? { seconds } : { seconds, left: { second: last.second, lengthS } }
}
