/** Hearing of a call's abort through `CallContext.onAbort` when the context offers it, else through its signal. */
import type { CallContext } from './contract.js'

const nothingToRemove = (): void => undefined

/**
 * Runs `listener` once with the abort reason when the call is aborted (at once when it already is); returns a function
 * that removes it.
 */
export function whenAborted(
  ctx: Pick<CallContext, 'signal' | 'onAbort'>,
  listener: (reason: unknown) => void,
): () => void {
  if (ctx.onAbort) return ctx.onAbort(listener)
  const signal = ctx.signal
  if (signal.aborted) {
    listener(signal.reason)
    return nothingToRemove
  }
  const onAbort = (): void => listener(signal.reason)
  signal.addEventListener('abort', onAbort, { once: true })
  return () => signal.removeEventListener('abort', onAbort)
}
