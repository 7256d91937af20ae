/**
 * A run's Stop as each call's cancellation (the `{ onCancel }` shape the workbench's invoke service takes): one
 * listener on the run's signal for all its calls, each call joining a set while it runs, rather than an EventTarget
 * listener added and removed per call — at full speed the dearest part of what a call costs the caller's own layer.
 * A call that asks after Stop is told at once: a listener added to an aborted signal never fires.
 */

export interface CallCancellation {
  /** Registers `listener` for the run's Stop; returns a function that unregisters it. */
  onCancel(listener: () => void): () => void
}

const bySignal = new WeakMap<AbortSignal, CallCancellation>()

/** The cancellation of every call made under `signal` (the one a CallFunction is given): one per signal. */
export function cancellationOf(signal: AbortSignal): CallCancellation {
  let cancellation = bySignal.get(signal)
  if (cancellation === undefined) {
    cancellation = createCancellation(signal)
    bySignal.set(signal, cancellation)
  }
  return cancellation
}

function createCancellation(signal: AbortSignal): CallCancellation {
  const listeners = new Set<() => void>()
  const noop = (): void => undefined
  signal.addEventListener(
    'abort',
    () => {
      const stopped = [...listeners]
      listeners.clear()
      for (const listener of stopped) listener()
    },
    { once: true },
  )
  return {
    onCancel(listener) {
      if (signal.aborted) {
        listener()
        return noop
      }
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
