/** One AbortSignal per outbound call: the caller's cancellation, the deadline and the default timeout combined. */
import { WorkbenchError } from '@wirebench/core'

export interface CallSignalOptions {
  signal?: AbortSignal
  /** Absolute deadline in epoch milliseconds. */
  deadline?: number
  /** Used when no deadline is given. */
  timeoutMs?: number
  /**
   * The caller's signal already fires at `deadline` (a plugin's `CallContext` guarantees it): reuse it instead of
   * arming a second controller and timer on every call (~10-20 µs each on the relay's hot path).
   */
  signalCarriesDeadline?: boolean
}

export interface CallSignal {
  signal: AbortSignal
  /** The time budget in milliseconds the call got (for messages). */
  budgetMs: number | undefined
  /** True when the call ended because its time ran out rather than by cancellation. */
  isTimedOut(): boolean
  dispose(): void
}

export function createCallSignal(options: CallSignalOptions): CallSignal {
  const budgetMs =
    options.deadline !== undefined ? Math.max(0, options.deadline - Date.now()) : (options.timeoutMs ?? undefined)
  if (options.signalCarriesDeadline && options.signal && options.deadline !== undefined) {
    const signal = options.signal
    return { signal, budgetMs, isTimedOut: () => signal.aborted && isTimeoutReason(signal.reason), dispose: () => {} }
  }
  const controller = new AbortController()
  let timedOut = false
  const timer =
    budgetMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true
          controller.abort(new DOMException(`The call exceeded its ${budgetMs} ms budget.`, 'TimeoutError'))
        }, budgetMs)
  timer?.unref?.()
  const onAbort = (): void => controller.abort(options.signal?.reason)
  if (options.signal?.aborted) onAbort()
  else options.signal?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    budgetMs,
    isTimedOut: () => timedOut,
    dispose() {
      if (timer) clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
    },
  }
}

/** The reasons a deadline aborts with: a `timeout` WorkbenchError (the server) or a `TimeoutError` DOMException. */
function isTimeoutReason(reason: unknown): boolean {
  return WorkbenchError.is(reason, 'timeout') || (reason instanceof Error && reason.name === 'TimeoutError')
}
