/** One line per second of a benchmark on a terminal (standard error), rewritten in place; the table follows at the end. */
import type { SecondProgress } from '@wirebench/loadrun'
import type { CliIo } from '../io.js'

export function progressLine(progress: SecondProgress): string {
  return (
    `${progress.second} s  ${Math.round(progress.throughput)} calls/s  p50 ${progress.p50} ms  p90 ${progress.p90} ms` +
    `  p99 ${progress.p99} ms  errors ${progress.errors}  in flight ${progress.inFlight}`
  )
}

/** Writes each second over the previous one (`\r` and erase-line), and ends the line when the run is over. */
export interface ProgressPrinter {
  onProgress: (progress: SecondProgress) => void
  end: () => void
}

export function createProgressPrinter(io: CliIo): ProgressPrinter {
  let printed = false
  return {
    onProgress: (progress) => {
      io.err(`\r\x1b[2K${progressLine(progress)}`)
      printed = true
    },
    end: () => {
      if (printed) io.err('\n')
    },
  }
}
