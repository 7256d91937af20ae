/** Closed loop: `concurrency` callers, each starting its next call when the previous one ends, for N calls or a time. */
import type { LoadContext } from './load-context.js'

export interface ClosedLoopPlan {
  concurrency: number
  /** Stop after this many calls have been started… */
  calls?: number
  /** …or once this performance.now() time has passed. */
  until?: number
}

export async function runClosedLoop(context: LoadContext, plan: ClosedLoopPlan): Promise<void> {
  let started = 0
  const mayStart = (): boolean => {
    if (context.signal.aborted) return false
    if (plan.calls !== undefined && started >= plan.calls) return false
    if (plan.until !== undefined && performance.now() >= plan.until) return false
    started += 1
    return true
  }
  const caller = async (): Promise<void> => {
    while (mayStart()) await context.invoke()
  }
  await Promise.all(Array.from({ length: plan.concurrency }, caller))
}
