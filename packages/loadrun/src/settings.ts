/** Checks run settings before anything is sent, with errors that say which setting is wrong and what would do. */
import { WorkbenchError } from '@wirebench/core'
import type { RunSettings } from './types.js'

export const maxConcurrency = 1000
/** A day: longer runs are a mistake, not a benchmark. */
const maxDurationS = 86_400

export function checkSettings(settings: RunSettings): void {
  checkInteger('concurrency', settings.concurrency, 1, maxConcurrency)
  if (settings.warmup !== undefined) checkInteger('warmup', settings.warmup, 0, 10_000_000)
  if (settings.mode === 'open') {
    checkNumber('rate', settings.rate, 1 / 3600, 1_000_000, 'calls per second')
    checkNumber('durationS', settings.durationS, 0.001, maxDurationS, 'seconds')
    return
  }
  const hasCalls = settings.calls !== undefined
  const hasDuration = settings.durationS !== undefined
  if (hasCalls === hasDuration) {
    throw invalid('A closed-loop run needs either a number of calls or a duration, not both and not neither.', {
      hint: 'Give -n <calls> or --duration <seconds>.',
    })
  }
  if (settings.calls !== undefined) checkInteger('calls', settings.calls, 1, 1_000_000_000)
  if (settings.durationS !== undefined) checkNumber('durationS', settings.durationS, 0.001, maxDurationS, 'seconds')
}

function checkInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max}, not ${String(value)}.`)
  }
}

function checkNumber(name: string, value: number, min: number, max: number, unit: string): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw invalid(`${name} must be a number of ${unit} from ${min} to ${max}, not ${String(value)}.`)
  }
}

function invalid(message: string, options: { hint?: string } = {}): WorkbenchError {
  return new WorkbenchError('invalid_request', message, options)
}
