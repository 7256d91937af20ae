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
  const limits = options.limits
  // Built field by field: object spreads take a slow path in V8 and this runs on every call.
  const ctx: CallContext = {
    signal: controller.signal,
    deadline: Date.now() + options.timeoutMs,
    metadata: headers,
    markers,
    logger: options.logger,
    limits: {
      maxResponseBytes: limits?.maxResponseBytes ?? defaultCallLimits.maxResponseBytes,
      maxQueuedFrames: limits?.maxQueuedFrames ?? defaultCallLimits.maxQueuedFrames,
      timeoutMs: options.timeoutMs,
    },
  }
  let timer: NodeJS.Timeout | undefined
  let unsubscribe: (() => void) | undefined
  try {
    // One promise settled by whichever comes first (the operation, the timer, the client leaving), rather than a
    // stopper promise raced against the operation: same outcome, fewer allocations and ticks per call.
    return await new Promise<T>((resolve, reject) => {
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
      operation(ctx).then(resolve, reject)
    })
  } catch (error) {
    // A plugin that noticed our abort reports an AbortError; the reason we aborted with says why.
    if (controller.signal.aborted && controller.signal.reason instanceof WorkbenchError) throw controller.signal.reason
    throw WorkbenchError.from(error)
  } finally {
    clearTimeout(timer)
    unsubscribe?.()
  }
}
