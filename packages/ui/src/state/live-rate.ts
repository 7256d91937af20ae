/** A message-rate meter: totals sampled over time, read as messages per second over a trailing window. */

export interface RateMeter {
  /** Notes that `total` messages had arrived by time `t` (ms). */
  record: (t: number, total: number) => void
  /** Messages per second over the window ending at `t` (0 before two readings exist). */
  rate: (t: number) => number
}

export function createRateMeter(windowMs = 1000): RateMeter {
  // Enough history for the window at 60 readings a second, plus a reading from just before it.
  const times: number[] = []
  const totals: number[] = []
  return {
    record(t, total) {
      times.push(t)
      totals.push(total)
      // Keep one reading older than the window as the baseline.
      while (times.length > 2 && (times[1] ?? t) <= t - windowMs) {
        times.shift()
        totals.shift()
      }
    },
    rate(t) {
      const count = times.length
      if (count === 0) return 0
      const lastTotal = totals[count - 1] ?? 0
      // The baseline is the newest reading at or before the window's start, else the oldest one.
      let base = 0
      for (let i = count - 1; i >= 0; i--) {
        if ((times[i] ?? 0) <= t - windowMs) {
          base = i
          break
        }
      }
      const span = t - (times[base] ?? t)
      if (span <= 0) return 0
      return ((lastTotal - (totals[base] ?? 0)) * 1000) / Math.max(span, windowMs / 4)
    },
  }
}
