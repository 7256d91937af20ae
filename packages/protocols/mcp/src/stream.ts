/**
 * `invokeStream`: a call as frames — a `message` per progress notification (`meta.kind: 'progress'`, with the
 * progress token), then the result (`meta.kind: 'result'`, with the InvokeResult's metadata and output validation),
 * then `end` with the result's status. A consumer that stops early cancels the call (the server gets
 * `notifications/cancelled`). Progress frames beyond `maxQueued` waiting for a slow consumer are dropped, oldest first.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, StreamFrame } from '@wirebench/core'
import { runMethod } from './calls.js'
import { throwIfAborted } from './errors.js'
import type { CallDeps } from './calls.js'
import { toInvokeResult } from './invoke.js'
import type { SessionRequest } from './session/pool.js'

const maxQueued = 1_000

export async function* streamMethod(
  call: Call,
  request: SessionRequest,
  ctx: CallContext,
  deps: CallDeps,
): AsyncGenerator<StreamFrame, void, undefined> {
  throwIfAborted(ctx.signal)
  const queue: StreamFrame[] = []
  let wake: (() => void) | undefined
  const notify = () => {
    const resolve = wake
    wake = undefined
    resolve?.()
  }
  const controller = new AbortController()
  const scoped: CallContext = { ...ctx, signal: AbortSignal.any([ctx.signal, controller.signal]) }
  const started = performance.now()
  let outcome: { frames: StreamFrame[] } | { error: unknown } | undefined
  void runMethod(call, request, scoped, deps, (progress, token) => {
    if (queue.length >= maxQueued) queue.shift()
    queue.push({ type: 'message', data: progress, meta: { kind: 'progress', progressToken: token } })
    notify()
  }).then(
    (done) => {
      const result = toInvokeResult(done, started)
      const meta: Record<string, unknown> = { kind: 'result', metadata: result.metadata }
      if (result.outputValidation) meta['outputValidation'] = result.outputValidation
      const end: StreamFrame = { type: 'end', status: result.status }
      if (result.statusMessage !== undefined) end.message = result.statusMessage
      if (result.errorDetails !== undefined) end.details = result.errorDetails
      outcome = { frames: [{ type: 'message', data: result.response, meta }, end] }
      notify()
    },
    (error: unknown) => {
      outcome = { error }
      notify()
    },
  )
  try {
    for (;;) {
      while (queue.length > 0) yield queue.shift() as StreamFrame
      if (outcome) {
        if ('error' in outcome)
          throw outcome.error instanceof WorkbenchError ? outcome.error : WorkbenchError.from(outcome.error)
        for (const frame of outcome.frames) yield frame
        return
      }
      await new Promise<void>((resolve) => (wake = resolve))
    }
  } finally {
    if (!outcome) controller.abort(new WorkbenchError('cancelled', 'The stream was closed before the call ended.'))
  }
}
