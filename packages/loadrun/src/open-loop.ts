/**
 * Open loop: calls start on a fixed schedule (call i at start + i/rate) whatever the target does. Each call's latency
 * counts from its scheduled start, so time spent waiting behind a stalled target shows in the percentiles instead of
 * vanishing (coordinated omission, as wrk2 and HdrHistogram describe it).
 */
import type { LoadContext } from './load-context.js'
import type { RateReport } from './types.js'

export interface OpenLoopPlan {
  rate: number
  durationS: number
  concurrency: number
}

/** Below this share of the requested rate the run reports the rate as not met. */
const metShare = 0.95

export async function runOpenLoop(context: LoadContext, plan: OpenLoopPlan): Promise<RateReport> {
  const intervalMs = 1000 / plan.rate
  // The epsilon keeps 3/s × (10/3) s at 10 calls, not 9.
  const total = Math.max(1, Math.floor(plan.rate * plan.durationS + 1e-9))
  const start = performance.now()
  const running = new Set<Promise<void>>()
  let next = 0
  let maxStartDelayMs = 0
  const end = start + plan.durationS * 1000
  /** When the loop last looked at the clock: what was due then and not started waited for a free slot. */
  let lastTurnAt: number | undefined

  while (next < total && !context.signal.aborted) {
    const now = performance.now()
    lastTurnAt = now
    // Calls still unstarted when the time is up are not made: the report says the rate was not met.
    if (now >= end) break
    // Every call already due starts now if a slot is free; the backlog is just the index lagging the clock.
    while (next < total && start + next * intervalMs <= now && context.inFlight < plan.concurrency) {
      const scheduledAt = start + next * intervalMs
      maxStartDelayMs = Math.max(maxStartDelayMs, now - scheduledAt)
      const call = context.invoke(scheduledAt)
      running.add(call)
      void call.finally(() => running.delete(call))
      next += 1
    }
    if (next >= total) break
    const dueIn = start + next * intervalMs - performance.now()
    // At the in-flight limit, wait for a call to end; otherwise sleep until the next call is due.
    await context.wait(context.inFlight >= plan.concurrency ? end - now : dueIn)
  }
  // A stopped run is judged on the time it ran: the calls that were due when the loop last looked (a call due after
  // that never had its turn — a Stop during the warm-up, a loop held up by other work — and is not missed), and the
  // rate over that time.
  const stopped = context.signal.aborted
  const ranMs = stopped ? Math.min(performance.now(), end) - start : plan.durationS * 1000
  const dueAtLastTurn =
    lastTurnAt === undefined ? 0 : Math.min(total, Math.floor((lastTurnAt - start) / intervalMs + 1e-9) + 1)
  const due = stopped ? dueAtLastTurn : total
  await Promise.all(running)

  const achieved = ranMs > 0 ? Math.min(next, due) / (ranMs / 1000) : 0
  const notStarted = Math.max(0, due - next)
  const met = notStarted === 0 || achieved >= plan.rate * metShare
  return {
    requested: plan.rate,
    achieved: round(Math.min(achieved, plan.rate)),
    notStarted,
    maxStartDelayMs: round(maxStartDelayMs),
    met,
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
