/** Runs a benchmark: warm-up, then a closed- or open-loop measured phase with a per-second timeline, Stop honoured. */
import { setMaxListeners } from 'node:events'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { runClosedLoop } from './closed-loop.js'
import { LoadContext } from './load-context.js'
import { runOpenLoop } from './open-loop.js'
import { Recorder } from './recorder.js'
import { checkSettings, maxConcurrency } from './settings.js'
import type { RateReport, RunOptions, RunResult, RunnerLoad } from './types.js'

function round3(value: number): number {
  return Math.round(value * 1000) / 1000
}

/** Mean event-loop delay past which a run says the runner, not only the target, shaped its latencies. */
export const saturatedMeanMs = 20

/** How often the loop-delay monitor samples (ms). */
const delayResolutionMs = 10

/**
 * The delay histogram is in nanoseconds, and each sample is the whole time between two of the monitor's timer ticks
 * (an idle loop reads 10 ms at a 10 ms resolution, on Node 20 and 22): the lateness is what exceeds the resolution.
 * NaN (no sample yet) reads as 0.
 */
function runnerLoad(delay: ReturnType<typeof monitorEventLoopDelay>): RunnerLoad {
  const ms = (ns: number): number =>
    Number.isFinite(ns) ? Math.max(0, Math.round(ns / 1e3 - delayResolutionMs * 1e3) / 1e3) : 0
  const mean = ms(delay.mean)
  return {
    loopDelayMs: { mean, p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    saturated: mean > saturatedMeanMs,
  }
}

export async function runBenchmark(options: RunOptions): Promise<RunResult> {
  const { settings, call } = options
  checkSettings(settings)
  // One controller for the run: Stop aborts it, and with it every call in flight.
  const controller = new AbortController()
  // Every call in flight may listen to the run's signal (node:http, undici and fetch do): up to 1,000 at once is the
  // design, not a leak.
  setMaxListeners(maxConcurrency + 16, controller.signal)
  const stop = (): void => controller.abort(options.signal?.reason)
  if (options.signal?.aborted) stop()
  options.signal?.addEventListener('abort', stop, { once: true })
  // The first error that says the request cannot be made: it ends the run, warm-up included.
  let failure: { error: unknown } | undefined
  const isRunFailure = options.isRunFailure
  const failsRun = isRunFailure
    ? (error: unknown): boolean => {
        if (!isRunFailure(error)) return false
        failure ??= { error }
        controller.abort(error)
        return true
      }
    : undefined
  const throwFailure = (): void => {
    if (failure) throw failure.error
  }

  try {
    if (settings.warmup) {
      const warmupContext = new LoadContext(call, controller.signal, undefined, failsRun)
      // The warm-up offers the load the run will: an open loop's at its rate (not a burst at the in-flight cap).
      if (settings.mode === 'open') {
        const { rate, concurrency } = settings
        await runOpenLoop(warmupContext, { rate, concurrency, durationS: settings.warmup / rate })
      } else {
        await runClosedLoop(warmupContext, { concurrency: settings.concurrency, calls: settings.warmup })
      }
      throwFailure()
    }

    const recorder = new Recorder()
    const context = new LoadContext(call, controller.signal, recorder, failsRun)
    const delay = monitorEventLoopDelay({ resolution: delayResolutionMs })
    delay.enable()
    const start = performance.now()
    const plannedS = settings.durationS
    const until = plannedS === undefined ? undefined : start + plannedS * 1000
    if (until !== undefined) recorder.setCutoff(until)
    let secondStart = start
    const ticker = setInterval(() => {
      const now = performance.now()
      const progress = recorder.closeSecond(context.inFlight, (now - secondStart) / 1000)
      secondStart = now
      options.onProgress?.(progress)
    }, 1000)

    let rate: RateReport | undefined
    try {
      if (settings.mode === 'open') {
        rate = await runOpenLoop(context, settings)
      } else {
        const plan = { concurrency: settings.concurrency, calls: settings.calls }
        await runClosedLoop(context, until === undefined ? plan : { ...plan, until })
      }
    } finally {
      clearInterval(ticker)
      delay.disable()
    }
    throwFailure()
    const end = performance.now()
    if (recorder.hasOpenSecond()) {
      // Closed first: `onProgress?.(…)` would skip evaluating its argument without a listener, and lose the second.
      const last = recorder.closeSecond(context.inFlight, (end - secondStart) / 1000)
      options.onProgress?.(last)
    }

    const totals = recorder.totals()
    // A run with a duration is measured over it, as wrk does: the calls it waited for past the end are its drain; an
    // open loop whose last call ended one interval before the end is measured over the whole duration too. A stopped
    // run, up to the stop.
    const stopped = controller.signal.aborted
    const measuredEnd = until === undefined ? end : stopped ? Math.min(end, until) : until
    const durationS = (measuredEnd - start) / 1000
    const drained = recorder.drainedCalls
    const drain =
      until !== undefined && drained > 0 ? { calls: drained, seconds: round3((end - until) / 1000) } : undefined
    return {
      ...totals,
      errorRate: totals.calls === 0 ? 0 : totals.errors / totals.calls,
      durationS: round3(durationS),
      throughput: durationS > 0 ? Math.round(((totals.calls - drained) / durationS) * 100) / 100 : 0,
      stopped,
      ...(rate ? { rate } : {}),
      ...(drain ? { drain } : {}),
      settings,
      runner: runnerLoad(delay),
    }
  } finally {
    options.signal?.removeEventListener('abort', stop)
  }
}
