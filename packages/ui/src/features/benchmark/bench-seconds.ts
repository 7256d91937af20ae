/**
 * Which seconds of a run the per-second charts draw. The runner closes its last second when the run ends, however
 * short: a second of 0.3 s holds few calls, so its p99 is nearly its max and reads as a spike. Such a short last
 * second is left out of the charts (its calls are in the run's totals) once at least one full second is drawn.
 */
import type { BenchSecond } from '@wirebench/core'

/** A last second shorter than this share of a second is not drawn. */
const shortShare = 0.9

/** How long a second lasted, from its calls and their rate (the runner divides by the time the second really took). */
export function secondLengthS(second: BenchSecond): number | undefined {
  return second.calls > 0 && second.throughput > 0 ? second.calls / second.throughput : undefined
}

export interface ChartedSeconds {
  seconds: readonly BenchSecond[]
  /** The short last second left out, with its length. */
  left?: { second: number; lengthS: number }
}

export function chartedSeconds(timeline: readonly BenchSecond[], isEnded: boolean): ChartedSeconds {
  const last = timeline.at(-1)
  // While a run goes on, every second it reports lasted a full second.
  if (!isEnded || !last || timeline.length < 2) return { seconds: timeline }
  const lengthS = secondLengthS(last)
  if (lengthS === undefined || lengthS >= shortShare) return { seconds: timeline }
  return { seconds: timeline.slice(0, -1), left: { second: last.second, lengthS } }
}
