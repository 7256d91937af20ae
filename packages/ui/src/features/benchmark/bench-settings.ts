/**
 * The Benchmark tab's settings form as text fields, and their reading into the run settings and thresholds the
 * server takes. Each problem names the field and what to write; the server checks the same again (and its limits).
 */
import type { BenchSettings } from '@wirebench/core'

/** The runner's most calls at once (a workbench may be started with a lower limit; the server says so then). */
export const maxConcurrency = 1000

export interface BenchForm {
  /** A fixed number of calls, or as many as fit in a duration. */
  stopAfter: 'calls' | 'duration'
  calls: string
  durationS: string
  concurrency: string
  /** Calls per second; empty means closed loop (each caller sends the next call when its last one ends). */
  rate: string
  warmup: string
  /** One threshold a line: `p95 < 200ms`, `error-rate < 0.01`, `throughput > 500`. */
  thresholds: string
}

export const defaultBenchForm: BenchForm = {
  stopAfter: 'duration',
  calls: '200',
  durationS: '10',
  concurrency: '4',
  rate: '',
  warmup: '0',
  thresholds: 'p95 < 500ms\nerror-rate < 0.01',
}

/** At most this many calls in flight when a rate is set and the field still holds the closed loop's default (as the CLI). */
export const openLoopConcurrency = '100'

/**
 * The form after a field changes. Setting a rate while the concurrency field still holds the closed loop's default
 * makes it the open loop's (4 in flight would cap 1,000/s on a 10 ms target near 400/s); clearing the rate undoes that.
 */
export function changeBenchForm(form: BenchForm, name: keyof BenchForm, value: string): BenchForm {
  const next = { ...form, [name]: value }
  if (name !== 'rate') return next
  const wasOpen = form.rate.trim() !== ''
  const isOpen = value.trim() !== ''
  if (!wasOpen && isOpen && form.concurrency === defaultBenchForm.concurrency) next.concurrency = openLoopConcurrency
  if (wasOpen && !isOpen && form.concurrency === openLoopConcurrency) next.concurrency = defaultBenchForm.concurrency
  return next
}

export type BenchFormReading =
  { ok: true; settings: BenchSettings; thresholds: string[] } | { ok: false; field: keyof BenchForm; problem: string }

function wholeNumber(text: string, min: number): number | undefined {
  const value = Number(text.trim())
  return text.trim() !== '' && Number.isInteger(value) && value >= min ? value : undefined
}

function positiveNumber(text: string): number | undefined {
  const value = Number(text.trim())
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : undefined
}

export function readBenchForm(form: BenchForm): BenchFormReading {
  const concurrency = wholeNumber(form.concurrency, 1)
  if (concurrency === undefined || concurrency > maxConcurrency) {
    const what = form.rate.trim() === '' ? 'Concurrency' : 'Max in flight'
    return {
      ok: false,
      field: 'concurrency',
      problem: `${what} must be a whole number from 1 to ${maxConcurrency}, e.g. 4.`,
    }
  }
  const warmup = wholeNumber(form.warmup || '0', 0)
  if (warmup === undefined) {
    return { ok: false, field: 'warmup', problem: 'Warm-up must be a whole number of calls (0 for none).' }
  }
  const thresholds = form.thresholds
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const extra = warmup > 0 ? { warmup } : {}
  if (form.rate.trim() !== '') {
    const rate = positiveNumber(form.rate)
    if (rate === undefined) {
      return { ok: false, field: 'rate', problem: 'Rate must be a number of calls per second above 0, or empty.' }
    }
    const durationS = positiveNumber(form.durationS)
    if (form.stopAfter !== 'duration' || durationS === undefined) {
      return {
        ok: false,
        field: 'durationS',
        problem: 'A fixed rate runs for a duration: choose "Duration" and give the seconds, e.g. 10.',
      }
    }
    return { ok: true, settings: { mode: 'open', rate, durationS, concurrency, ...extra }, thresholds }
  }
  if (form.stopAfter === 'calls') {
    const calls = wholeNumber(form.calls, 1)
    if (calls === undefined) {
      return { ok: false, field: 'calls', problem: 'Calls must be a whole number of at least 1, e.g. 200.' }
    }
    return { ok: true, settings: { mode: 'closed', calls, concurrency, ...extra }, thresholds }
  }
  const durationS = positiveNumber(form.durationS)
  if (durationS === undefined) {
    return { ok: false, field: 'durationS', problem: 'Duration must be a number of seconds above 0, e.g. 10.' }
  }
  return { ok: true, settings: { mode: 'closed', durationS, concurrency, ...extra }, thresholds }
}

/** A short line naming a run's load: `10 s · c=4`, `200 calls · c=8`, `10 s at 100/s · ≤50 in flight`. */
export function describeSettings(settings: BenchSettings): string {
  if (settings.mode === 'open') {
    return `${settings.durationS} s at ${settings.rate}/s · ≤${settings.concurrency} in flight`
  }
  const length = settings.calls !== undefined ? `${settings.calls} calls` : `${settings.durationS ?? 0} s`
  return `${length} · c=${settings.concurrency}`
}
