/**
 * The options of a k6 script: the run's load shape as a scenario (closed loop → `shared-iterations`/`constant-vus`, open
 * loop → `constant-arrival-rate` at a whole rate per time unit) and its thresholds under the metrics the script reports.
 */
import { parseThreshold } from './thresholds.js'
import type { Threshold } from './thresholds.js'
import type { K6Target } from './k6-types.js'
import type { RunSettings } from './types.js'

export interface K6OptionsInput {
  target: K6Target
  settings: RunSettings
  thresholds?: readonly string[] | undefined
}

/** The k6 metrics a protocol reports: call duration, failed calls (a rate), and calls. */
const metricsByKind = {
  http: { duration: 'http_req_duration', failed: 'http_req_failed', calls: 'http_reqs' },
  // A GraphQL failure arrives with HTTP 200, which `http_req_failed` counts as a success: the script's check sees it.
  graphql: { duration: 'http_req_duration', failed: 'checks', calls: 'http_reqs' },
  grpc: { duration: 'grpc_req_duration', failed: 'checks', calls: 'iterations' },
  ws: { duration: 'ws_session_duration', failed: 'checks', calls: 'iterations' },
} as const

/** The smallest rate unit tried is one second, the largest one hour (the runner's lowest rate is one call an hour). */
const maxTimeUnitS = 3600

const k6Aggregates: Record<string, string> = {
  min: 'min',
  mean: 'avg',
  p50: 'med',
  p75: 'p(75)',
  p90: 'p(90)',
  p95: 'p(95)',
  p99: 'p(99)',
  p999: 'p(99.9)',
  max: 'max',
}

/** The options object, and a note when the script's load differs from the run's (a rate no unit makes whole). */
export function k6Options(input: K6OptionsInput): { options: Record<string, unknown>; note?: string } {
  const load = scenario(input.settings)
  const options = { scenarios: { bench: load.scenario }, thresholds: k6Thresholds(input) }
  return load.note === undefined ? { options } : { options, note: load.note }
}

function scenario(settings: RunSettings): { scenario: Record<string, unknown>; note?: string } {
  const vus = settings.concurrency
  if (settings.mode === 'open') {
    const { rate, timeUnitS, isExact } = wholeRate(settings.rate)
    return {
      scenario: {
        executor: 'constant-arrival-rate',
        rate,
        timeUnit: `${timeUnitS}s`,
        duration: `${settings.durationS}s`,
        preAllocatedVUs: vus,
        maxVUs: vus,
      },
      ...(isExact
        ? {}
        : {
            note:
              `The run's rate (${settings.rate}/s) is no whole number of calls in any time unit up to an hour: ` +
              `this script starts ${rate} iterations every ${timeUnitS} s.`,
          }),
    }
  }
  if (settings.calls !== undefined) {
    return { scenario: { executor: 'shared-iterations', vus, iterations: settings.calls, maxDuration: '24h' } }
  }
  return { scenario: { executor: 'constant-vus', vus, duration: `${settings.durationS ?? 1}s` } }
}

/**
 * k6's arrival rate is a whole number of iterations per time unit: a fractional rate is written over the shortest
 * whole-second unit that makes it whole (2.5/s → 5 every 2 s, 1/60 → 1 every 60 s); one that no unit up to an hour
 * makes whole is rounded over the hour.
 */
export function wholeRate(perSecond: number): { rate: number; timeUnitS: number; isExact: boolean } {
  for (let unit = 1; unit <= maxTimeUnitS; unit++) {
    const rate = perSecond * unit
    const whole = Math.round(rate)
    // Rates typed as decimals (0.1, 2.3) are not exact in binary: a relative tolerance accepts their products.
    if (whole >= 1 && Math.abs(rate - whole) <= 1e-9 * Math.max(1, rate)) {
      return { rate: whole, timeUnitS: unit, isExact: true }
    }
  }
  return { rate: Math.max(1, Math.round(perSecond * maxTimeUnitS)), timeUnitS: maxTimeUnitS, isExact: false }
}

function k6Thresholds(input: K6OptionsInput): Record<string, string[]> {
  const { target } = input
  const metrics = metricsByKind[target.kind === 'http' && target.isGraphql === true ? 'graphql' : target.kind]
  const out: Record<string, string[]> = {}
  const add = (metric: string, expression: string): void => {
    ;(out[metric] ??= []).push(expression)
  }
  for (const threshold of (input.thresholds ?? []).map(parseThreshold)) {
    const { metric, operator, value } = threshold
    if (metric === 'throughput') add(metrics.calls, `rate${operator}${value}`)
    else if (metric === 'error-rate') add(metrics.failed, failedRate(threshold, metrics.failed === 'checks'))
    else add(metrics.duration, `${k6Aggregates[metric] ?? metric}${operator}${value}`)
  }
  return out
}

/** `checks` counts passes, so an error-rate bound becomes a pass-rate bound the other way round. */
function failedRate(threshold: Threshold, isPassRate: boolean): string {
  if (!isPassRate) return `rate${threshold.operator}${threshold.value}`
  const flipped = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' }[threshold.operator]
  return `rate${flipped}${Math.round((1 - threshold.value) * 1e9) / 1e9}`
}
