/**
 * The CallContext of every plugin operation, and `withDeadline`: runs one operation with a context whose signal fires
 * on timeout or when the caller goes away, and gives up on a plugin that ignores the signal, so no request outlives
 * its time box.
 */
import { WorkbenchError, checkOutboundHeaders, defaultCallLimits, splitMarkers } from '@wirebench/core'
import type { CallContext, CallLimits, Logger, ResponseValidator } from '@wirebench/core'

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
  /** The caller will not read `InvokeResult.sent` (see `CallContext.isSentOmitted`). */
  isSentOmitted?: boolean
  /** See `CallContext.validator`. */
  validator?: ResponseValidator
}

/**
 * The abort state of one call. Most plugins only need to hear of an abort (`ctx.onAbort`); the AbortSignal, which costs
 * more than the rest of the deadline together, is created only when a plugin reads `ctx.signal`, already aborted when
 * the call is.
 */
export class CallAbort {
  /** Why the call was aborted (undefined until it is). */
  reason: unknown
  private isDone = false
  private controller: AbortController | undefined
  private listeners: Array<(reason: unknown) => void> | undefined

  get aborted(): boolean {
    return this.isDone
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController()
      if (this.isDone) this.controller.abort(this.reason)
    }
    return this.controller.signal
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.isDone) {
      listener(this.reason)
      return () => undefined
    }
    const listeners = (this.listeners ??= [])
    listeners.push(listener)
    return () => {
      const index = listeners.indexOf(listener)
      if (index >= 0) listeners.splice(index, 1)
    }
  }

  abort(reason: unknown): void {
    if (this.isDone) return
    this.isDone = true
    this.reason = reason
    this.controller?.abort(reason)
    const listeners = this.listeners
    this.listeners = undefined
    if (listeners) for (const listener of listeners) listener(reason)
  }
}

const callAbortKey = Symbol('callAbort')

/**
 * The `signal` of a context with a `CallAbort`: an own, enumerable getter, so a plugin that copies the context
 * (`{ ...ctx }`, which copies the symbol-keyed abort too) still gets the live signal. One getter for every context:
 * an object literal with a getter of its own is built by the runtime on a slow path (~2 µs a call).
 */
const lazySignal: PropertyDescriptor = {
  get(this: { [callAbortKey]: CallAbort }): AbortSignal {
    return this[callAbortKey].signal
  },
  enumerable: true,
  configurable: true,
}

export interface CallContextOptions {
  /** The call's abort: a `CallAbort` (the signal made on demand) or a signal of the caller's. */
  abort: CallAbort | AbortSignal
  /** Sets the context's deadline this far from now; omitted for calls bounded by an idle timeout instead. */
  timeoutMs?: number
  metadata?: Record<string, string> | undefined
  logger: Logger
  limits?: Partial<CallLimits> | undefined
  /** `limits.timeoutMs` when no `timeoutMs` is given. */
  fallbackTimeoutMs?: number
  isSentOmitted?: boolean
  validator?: ResponseValidator | undefined
}

/**
 * The CallContext every plugin operation gets (`/api/invoke`, discovery, live calls): metadata split into headers and
 * markers, limits filled from the defaults. Throws `invalid_request` for a malformed marker or a header no transport
 * can send, before any time starts and before any plugin runs.
 */
export function createCallContext(options: CallContextOptions): CallContext {
  const { headers, markers } = splitMarkers(options.metadata)
  checkOutboundHeaders(headers)
  const limits = options.limits
  const timeoutMs = options.timeoutMs
  const callLimits: CallLimits = {
    maxResponseBytes: limits?.maxResponseBytes ?? defaultCallLimits.maxResponseBytes,
    maxQueuedFrames: limits?.maxQueuedFrames ?? defaultCallLimits.maxQueuedFrames,
    timeoutMs: timeoutMs ?? options.fallbackTimeoutMs ?? defaultCallLimits.timeoutMs,
  }
  const abort = options.abort
  // Object literals field by field: spreads take a slow path in V8 and this runs on every call.
  let ctx: CallContext
  if (abort instanceof CallAbort) {
    const lazy = {
      [callAbortKey]: abort,
      onAbort: (listener: (reason: unknown) => void) => abort.onAbort(listener),
      metadata: headers,
      markers,
      logger: options.logger,
      limits: callLimits,
    }
    ctx = Object.defineProperty(lazy, 'signal', lazySignal) as unknown as CallContext
  } else {
    ctx = { signal: abort, metadata: headers, markers, logger: options.logger, limits: callLimits }
  }
  if (timeoutMs !== undefined) ctx.deadline = Date.now() + timeoutMs
  if (options.isSentOmitted === true) ctx.isSentOmitted = true
  if (options.validator !== undefined) ctx.validator = options.validator
  return ctx
}

/** The error a call ended with: the reason we aborted it with (a plugin noticing reports an AbortError), else `error`. */
export function callError(
  abort: { readonly aborted: boolean; readonly reason: unknown },
  error: unknown,
): WorkbenchError {
  if (abort.aborted && abort.reason instanceof WorkbenchError) return abort.reason
  return WorkbenchError.from(error)
}

export function timeoutError(timeoutMs: number): WorkbenchError {
  return new WorkbenchError('timeout', `No answer within ${timeoutMs} ms.`)
}

/**
 * Runs `operation`; rejects with `timeout` after `timeoutMs` and `cancelled` when the caller goes away first, and with
 * a WorkbenchError whatever the operation threw. One promise settled by whichever comes first (the operation, the
 * timer, the client leaving), without an `async` wrapper: this runs on every relayed call. `finish` (which must not
 * throw) shapes the operation's value before the promise settles with it, sparing the caller a `.then` of its own.
 */
export function withDeadline<T>(
  options: DeadlineOptions,
  operation: (ctx: CallContext) => Promise<T>,
  finish?: (value: T) => T,
): Promise<T> {
  const abort = new CallAbort()
  let ctx: CallContext
  try {
    // Markers are parsed before any time starts: a malformed marker is the caller's error, not the target's.
    ctx = createCallContext({
      abort,
      timeoutMs: options.timeoutMs,
      metadata: options.metadata,
      logger: options.logger,
      limits: options.limits,
      isSentOmitted: options.isSentOmitted,
      validator: options.validator,
    })
  } catch (error) {
    return Promise.reject(callError(abort, error))
  }
  return new Promise<T>((resolve, reject) => {
    // Assigned below, and read by `fail` first when the caller is already gone (onCancel then calls back at once).
    let unsubscribe: (() => void) | undefined = undefined
    const timer = setTimeout(() => {
      const error = timeoutError(options.timeoutMs)
      abort.abort(error)
      unsubscribe?.()
      reject(error)
    }, options.timeoutMs)
    const fail = (error: unknown): void => {
      clearTimeout(timer)
      unsubscribe?.()
      // A plugin that noticed our abort reports an AbortError; the reason we aborted with says why.
      reject(callError(abort, error))
    }
    unsubscribe = options.cancellation?.onCancel(() => {
      const error = new WorkbenchError('cancelled', 'The client went away.')
      abort.abort(error)
      fail(error)
    })
    try {
      operation(ctx).then((value) => {
        clearTimeout(timer)
        unsubscribe?.()
        resolve(finish === undefined ? value : finish(value))
      }, fail)
    } catch (error) {
      fail(error)
    }
  })
}
