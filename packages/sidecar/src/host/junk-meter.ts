/**
 * Counts what a sidecar sends that the host skips (malformed lines, unknown ids, a wrong `jsonrpc`, notifications for
 * nothing open): logs the first few of each window, then one summary, and says when a window holds more than the
 * limit — a flood the host answers by stopping the sidecar.
 */
import type { Logger } from '@wirebench/core'

export interface JunkMeterOptions {
  logger: Logger
  name: string
  /** Skipped messages allowed per window before the sidecar counts as flooding. */
  limit: number
  windowMs: number
  /** Log lines per window; the rest are counted in one summary. */
  logPerWindow?: number
  onFlood(count: number): void
}

export interface JunkMeter {
  record(description: string): void
}

export function createJunkMeter(options: JunkMeterOptions): JunkMeter {
  const logPerWindow = options.logPerWindow ?? 10
  let windowStart = 0
  let count = 0
  let isFlooded = false

  return {
    record(description) {
      const now = Date.now()
      if (now - windowStart > options.windowMs) {
        if (count > logPerWindow) {
          options.logger.warn(
            `${options.name} sidecar: ${count - logPerWindow} more messages skipped in the last window`,
          )
        }
        windowStart = now
        count = 0
      }
      count++
      if (count <= logPerWindow) options.logger.warn(`${options.name} sidecar: skipped ${description}`)
      if (count > options.limit && !isFlooded) {
        isFlooded = true
        options.onFlood(count)
      }
    },
  }
}
