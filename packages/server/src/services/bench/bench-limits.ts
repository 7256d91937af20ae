/** The server's caps on a benchmark run, checked before anything is sent: a refused start makes no call. */
import { WorkbenchError } from '@wirebench/core'
import type { BenchSettings } from '@wirebench/core'
import type { WorkbenchLimits } from '../../options.js'

export type BenchLimits = Pick<
  WorkbenchLimits,
  'benchMaxRuns' | 'benchMaxConcurrency' | 'benchMaxRate' | 'benchMaxDurationS' | 'benchMaxCalls'
>

function overCap(what: string, value: number, cap: number, unit: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `${what} ${value} is above this workbench's limit of ${cap} ${unit}.`, {
    hint: `Ask for at most ${cap} ${unit}, or start the workbench with a higher limit.`,
    details: { limit: cap },
  })
}

export function checkBenchLimits(settings: BenchSettings, limits: BenchLimits): void {
  if (settings.concurrency > limits.benchMaxConcurrency) {
    throw overCap('Concurrency', settings.concurrency, limits.benchMaxConcurrency, 'calls at once')
  }
  if (settings.durationS !== undefined && settings.durationS > limits.benchMaxDurationS) {
    throw overCap('Duration', settings.durationS, limits.benchMaxDurationS, 'seconds')
  }
  if (settings.mode === 'open' && settings.rate > limits.benchMaxRate) {
    throw overCap('Rate', settings.rate, limits.benchMaxRate, 'calls per second')
  }
  const planned = settings.mode === 'closed' ? (settings.calls ?? 0) : Math.ceil(settings.rate * settings.durationS)
  const calls = planned + (settings.warmup ?? 0)
  if (calls > limits.benchMaxCalls) throw overCap('Calls (with warm-up)', calls, limits.benchMaxCalls, 'calls')
}
