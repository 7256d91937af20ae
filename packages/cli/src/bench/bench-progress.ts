/**
 * The progress of a benchmark on a terminal (standard error): a bar of how far the run is — by time, or by calls when
 * it counts them — with what is left, then the last second's figures, rewritten in place; the table follows at the end.
 */
import type { RunSettings, SecondProgress } from '@wirebench/loadrun'
import type { CliIo } from '../io.js'

const barWidth = 20

/** How far the run is (0–1) and what is left, from the seconds so far and the calls ended so far. */
function progressOf(settings: RunSettings, second: number, callsSoFar: number): { share: number; left: string } {
  if (settings.mode === 'closed' && settings.calls !== undefined) {
    const share = Math.min(1, callsSoFar / settings.calls)
    return { share, left: `${callsSoFar}/${settings.calls} calls` }
  }
  const durationS = settings.durationS ?? 0
  const share = durationS > 0 ? Math.min(1, second / durationS) : 1
  return { share, left: `${Math.max(0, Math.ceil(durationS - second))} s left` }
}

export function progressLine(progress: SecondProgress, settings: RunSettings, callsSoFar: number): string {
  const { share, left } = progressOf(settings, progress.second, callsSoFar)
  const filled = Math.round(share * barWidth)
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${String(Math.round(share * 100)).padStart(3)} %`
  return (
    `${bar}  ${left}  ${Math.round(progress.throughput)} calls/s  p50 ${progress.p50} ms  p99 ${progress.p99} ms` +
    `  errors ${progress.errors}  in flight ${progress.inFlight}`
  )
}

/** Writes each second over the previous one (`\r` and erase-line), and ends the line when the run is over. */
export interface ProgressPrinter {
  onProgress: (progress: SecondProgress) => void
  end: () => void
}

export function createProgressPrinter(io: CliIo, settings: RunSettings): ProgressPrinter {
  let printed = false
  let callsSoFar = 0
  let lastFull: SecondProgress | undefined
  return {
    onProgress: (progress) => {
      callsSoFar += progress.calls
      // The run's last entry may last a few milliseconds (calls drained after the end): its rate and percentiles
      // would read as a spike, so the bar moves on with the figures of the last whole second.
      const isSliver = progress.lengthS !== undefined && progress.lengthS < 0.5 && lastFull !== undefined
      const shown = isSliver && lastFull ? { ...lastFull, second: progress.second } : progress
      if (!isSliver) lastFull = progress
      io.err(`\r\x1b[2K${progressLine(shown, settings, callsSoFar)}`)
      printed = true
    },
    end: () => {
      if (printed) io.err('\n')
    },
  }
}
