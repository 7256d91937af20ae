import { afterEach, describe, expect, it, vi } from 'vitest'
import { WorkbenchError, defaultCallLimits, silentLogger, whenAborted } from '@wirebench/core'
import { CallAbort, callError, createCallContext, withDeadline } from './deadline.js'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createCallContext', () => {
  it('splits markers out of the metadata and fills the limits', () => {
    const signal = new AbortController().signal
    const ctx = createCallContext({
      abort: signal,
      timeoutMs: 1000,
      metadata: { 'x-a': '1', __workbenchApiKeyQuery__: JSON.stringify({ name: 'k', value: 'v' }) },
      logger: silentLogger,
      limits: { maxQueuedFrames: 5 },
    })
    expect(ctx.signal).toBe(signal)
    expect(ctx.metadata).toEqual({ 'x-a': '1' })
    expect(ctx.markers.apiKeyQuery).toEqual([{ name: 'k', value: 'v' }])
    expect(ctx.limits).toEqual({
      maxQueuedFrames: 5,
      maxResponseBytes: defaultCallLimits.maxResponseBytes,
      timeoutMs: 1000,
    })
    expect(ctx.deadline).toBeGreaterThan(Date.now())
  })

  it('sets no deadline for a call bounded by an idle timeout instead', () => {
    const ctx = createCallContext({
      abort: new AbortController().signal,
      logger: silentLogger,
      fallbackTimeoutMs: 300_000,
    })
    expect('deadline' in ctx).toBe(false)
    expect(ctx.limits.timeoutMs).toBe(300_000)
  })

  it('refuses a malformed marker as the caller’s error', () => {
    expect(() =>
      createCallContext({
        abort: new AbortController().signal,
        logger: silentLogger,
        metadata: { __workbenchMtls__: 'nope' },
      }),
    ).toThrow(expect.objectContaining({ code: 'invalid_request' }) as Error)
  })
})

describe('callError', () => {
  it('prefers the reason the call was aborted with over what the plugin threw', () => {
    const controller = new AbortController()
    const reason = new WorkbenchError('timeout', 'No answer within 5 ms.')
    controller.abort(reason)
    const abortError = Object.assign(new Error('aborted'), { name: 'AbortError' })
    expect(callError(controller.signal, abortError)).toBe(reason)
    expect(callError(new AbortController().signal, abortError).code).toBe('cancelled')
  })
})

describe('withDeadline', () => {
  it('aborts the operation at its deadline and reports a timeout', async () => {
    let seen: AbortSignal | undefined
    const outcome = withDeadline({ timeoutMs: 20, logger: silentLogger }, (ctx) => {
      seen = ctx.signal
      return new Promise(() => undefined)
    })
    await expect(outcome).rejects.toMatchObject({ code: 'timeout' })
    expect(seen?.aborted).toBe(true)
  })

  it('settles with the value shaped by finish, as soon as the operation settles', async () => {
    let ticks = 0
    let isCounting = true
    const count = (): void => {
      ticks += 1
      if (isCounting) queueMicrotask(count)
    }
    const first: { n: number; sent?: string } = { n: 1, sent: 'x' }
    const operation = Promise.resolve(first)
    await operation
    queueMicrotask(count)
    const value = await withDeadline(
      { timeoutMs: 1000, logger: silentLogger },
      () => operation,
      (v) => ({ ...v, sent: undefined }),
    )
    isCounting = false
    expect(value).toEqual({ n: 1, sent: undefined })
    // The deadline's reaction to the settled operation, then this await; a `.then(finish)` of the caller's adds a third.
    expect(ticks).toBeLessThanOrEqual(2)
  })
})

describe('the abort of a call', () => {
  it('tells onAbort listeners, and a signal read later is already aborted with the same reason', () => {
    const abort = new CallAbort()
    const ctx = createCallContext({ abort, logger: silentLogger, timeoutMs: 1000 })
    const heard: unknown[] = []
    const removed = whenAborted(ctx, (reason) => heard.push(['removed', reason]))
    whenAborted(ctx, (reason) => heard.push(reason))
    removed()
    const reason = new WorkbenchError('cancelled', 'The client went away.')
    abort.abort(reason)
    abort.abort(new Error('a second abort changes nothing'))
    expect(heard).toEqual([reason])
    expect(ctx.signal.aborted).toBe(true)
    expect(ctx.signal.reason).toBe(reason)
    const late: unknown[] = []
    whenAborted(ctx, (r) => late.push(r))
    expect(late).toEqual([reason])
  })

  it('makes no AbortSignal for a call whose plugin never reads ctx.signal', async () => {
    const made = vi.spyOn(globalThis, 'AbortController')
    const answer = await withDeadline({ timeoutMs: 1000, logger: silentLogger }, (ctx) => {
      const stop = whenAborted(ctx, () => undefined)
      stop()
      return Promise.resolve('done')
    })
    expect(answer).toBe('done')
    expect(made).not.toHaveBeenCalled()
  })

  it('gives every context the same signal getter, not one built per call', async () => {
    const getters: unknown[] = []
    for (let i = 0; i < 2; i++) {
      await withDeadline({ timeoutMs: 1000, logger: silentLogger }, (ctx) => {
        // Compared by identity only, never called.
        const descriptor = Object.getOwnPropertyDescriptor(ctx, 'signal')
        getters.push(descriptor === undefined ? undefined : Reflect.get(descriptor, 'get'))
        return Promise.resolve()
      })
    }
    expect(typeof getters[0]).toBe('function')
    expect(getters[1]).toBe(getters[0])
  })

  it('gives a plugin that copies the context the live signal', async () => {
    let copied: AbortSignal | undefined
    const outcome = withDeadline({ timeoutMs: 20, logger: silentLogger }, (ctx) => {
      copied = { ...ctx }.signal
      return new Promise(() => undefined)
    })
    await expect(outcome).rejects.toMatchObject({ code: 'timeout' })
    expect(copied?.aborted).toBe(true)
  })
})
