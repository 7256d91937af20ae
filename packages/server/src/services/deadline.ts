/**
 * Runs one plugin operation with a CallContext whose signal fires on timeout or when the caller goes away,
 * and gives up on a plugin that ignores the signal, so no request outlives its time box.
 */
import { WorkbenchError, defaultCallLimits, splitMarkers } from '@wirebench/core'
import type { CallContext, CallLimits, Logger } from '@wirebench/core'

/** Something that can tell us the caller went away, without the cost of an AbortController per request. */
export interface Cancellation {
  /** Registers `listener`; returns a function that unregisters it. */
  onCancel(listener: () => void): () => void
}

export interface DeadlineOptions {
  timeoutMs: number
  /** Fires when the HTTP client disconnects. */
  cancellation?: Cancellation
  metadata?: Record<string, string>
  logger: Logger
  limits?: Partial<CallLimits>
}

/** Runs `operation`; throws `timeout` after `timeoutMs` and `cancelled` when `signal` fires first. */
export async function withDeadline<T>(
  options: DeadlineOptions,
  operation: (ctx: CallContext) => Promise<T>,
): Promise<T> {
  // Markers are parsed before any time starts: a malformed marker is the caller's error, not the target's.
  const { headers, markers } = splitMarkers(options.metadata)
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let unsubscribe: (() => void) | undefined
  const stopped = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new WorkbenchError('timeout', `No answer within ${options.timeoutMs} ms.`)
      controller.abort(error)
      reject(error)
    }, options.timeoutMs)
    unsubscribe = options.cancellation?.onCancel(() => {
      const error = new WorkbenchError('cancelled', 'The client went away.')
      controller.abort(error)
      reject(error)
    })
  })
  // The race loser must not surface as an unhandled rejection.
  stopped.catch(() => undefined)
  const ctx: CallContext = {
    signal: controller.signal,
    deadline: Date.now() + options.timeoutMs,
    metadata: headers,
    markers,
    logger: options.logger,
    limits: { ...defaultCallLimits, ...options.limits, timeoutMs: options.timeoutMs },
  }
  try {
    return await Promise.race([operation(ctx), stopped])
  } catch (error) {
    // A plugin that noticed our abort reports an AbortError; the reason we aborted with says why.
    if (controller.signal.aborted && controller.signal.reason instanceof WorkbenchError) throw controller.signal.reason
    throw WorkbenchError.from(error)
  } finally {
    clearTimeout(timer)
    unsubscribe?.()
  }
}
