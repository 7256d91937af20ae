/** Checks run settings before anything is sent, with errors that say which setting is wrong and what would do. */
import { WorkbenchError } from '@wirebench/core'
import type { RunSettings } from './types.js'

export const maxConcurrency = 1000
/** A day: longer runs are a mistake, not a benchmark. */
const maxDurationS = 86_400

/** How a caller names the settings and caps them: a route's body path and limits, a command's flags. */
export interface SettingsCheckOptions {
  /** The name of setting `name` in messages (default: the name itself, which the CLI turns into its flag). */
  field?: (name: string) => string
  /** Tighter maxima than the runner's own (a workbench's limits), so a range message gives the real one. */
  caps?: { concurrency?: number; rate?: number; durationS?: number; calls?: number }
}

export function checkSettings(settings: RunSettings, options: SettingsCheckOptions = {}): void {
  const field = options.field ?? ((name: string) => name)
  const caps = options.caps ?? {}
  const cap = (own: number, tighter: number | undefined): number => Math.min(own, tighter ?? own)
  const checkInteger = (name: string, value: number, min: number, max: number, unit: string): void => {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw outOfRange(field(name), `a whole number of ${unit} from ${readable(min)} to ${readable(max)}`, value)
    }
  }
  const checkNumber = (name: string, value: number, min: number, max: number, unit: string): void => {
    if (!Number.isFinite(value) || value < min || value > max) {
      throw outOfRange(field(name), `a number of ${unit} from ${readable(min)} to ${readable(max)}`, value)
    }
  }
  checkInteger('concurrency', settings.concurrency, 1, cap(maxConcurrency, caps.concurrency), 'calls at once')
  if (settings.warmup !== undefined) checkInteger('warmup', settings.warmup, 0, 10_000_000, 'calls')
  const durationCap = cap(maxDurationS, caps.durationS)
  if (settings.mode === 'open') {
    checkNumber('rate', settings.rate, 1 / 3600, cap(1_000_000, caps.rate), 'calls per second')
    checkNumber('durationS', settings.durationS, 0.001, durationCap, 'seconds')
    // An open loop warms up at its rate: its warm-up takes time, bounded as a run's is.
    const warmupS = (settings.warmup ?? 0) / settings.rate
    if (warmupS > durationCap) {
      throw invalid(
        `${field('warmup')} ${settings.warmup ?? 0} at ${field('rate')} ${settings.rate}/s would warm up for ` +
          `${readable(Math.ceil(warmupS))} s, longer than a run may last (${readable(durationCap)} s).`,
        { hint: `Ask for at most ${readable(Math.floor(durationCap * settings.rate))} warm-up calls at this rate.` },
      )
    }
    return
  }
  const hasCalls = settings.calls !== undefined
  const hasDuration = settings.durationS !== undefined
  if (hasCalls === hasDuration) {
    throw invalid('A closed-loop run needs either a number of calls or a duration, not both and not neither.', {
      hint: 'Give -n <calls> or --duration <seconds>.',
    })
  }
  if (settings.calls !== undefined) {
    checkInteger('calls', settings.calls, 1, cap(1_000_000_000, caps.calls), 'calls')
  }
  if (settings.durationS !== undefined) checkNumber('durationS', settings.durationS, 0.001, durationCap, 'seconds')
}

/** A bound as a person reads it: 1,000,000 rather than 1000000, 0.00028 rather than 0.0002777777777777778. */
function readable(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en-US') : String(Number(value.toPrecision(2)))
}

function outOfRange(name: string, range: string, value: number): WorkbenchError {
  return invalid(`${name} must be ${range}, not ${String(value)}.`, { hint: `Set ${name} to ${range}.` })
}

function invalid(message: string, options: { hint?: string } = {}): WorkbenchError {
  return new WorkbenchError('invalid_request', message, options)
}
