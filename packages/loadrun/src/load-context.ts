/** Makes one call under load: counts it in flight, times it from its start (or its scheduled start) and records it. */
import { WorkbenchError } from '@wirebench/core'
import type { Recorder } from './recorder.js'
import type { CallFunction, CallOutcome } from './types.js'

/**
 * Longest stretch the callers may run without letting timers and I/O through. A call that settles without I/O (a
 * cached answer, an immediate refusal) resumes its caller as a microtask, and a thousand such callers would otherwise
 * hold the event loop for the whole run: the server stops answering, the progress ticker stops ticking.
 */
const maxBusyMs = 10

export class LoadContext {
  inFlight = 0
  private readonly waiters: (() => void)[] = []
  private lastYield = performance.now()
  private pendingYield: Promise<void> | undefined

  constructor(
    private readonly call: CallFunction,
    readonly signal: AbortSignal,
    /** Absent during warm-up: those calls are made but not counted. */
    private readonly recorder?: Recorder,
    /** Told of every error a call throws; true when it ends the run (it then aborts `signal`). */
    private readonly failsRun?: (error: unknown) => boolean,
  ) {}

  /** Runs one call; `scheduledAt` (performance.now() time) is when it should have started, for open-loop runs. */
  async invoke(scheduledAt?: number): Promise<void> {
    this.inFlight += 1
    const startedAt = performance.now()
    let outcome: CallOutcome
    try {
      outcome = await this.call(this.signal)
    } catch (error) {
      // A request that cannot be made ends the run (the signal is aborted, so nothing below records it).
      outcome =
        this.failsRun?.(error) === true ? { ok: false, status: 'run_failed' } : { ok: false, status: statusOf(error) }
    } finally {
      this.inFlight -= 1
      this.wakeAll()
    }
    // A call cut short by Stop says nothing about the target: it is left out of the figures.
    if (this.signal.aborted) return
    const endedAt = performance.now()
    this.recorder?.record(outcome, endedAt - (scheduledAt ?? startedAt), endedAt)
    if (this.pendingYield) await this.pendingYield
    else if (endedAt - this.lastYield >= maxBusyMs) await this.yieldToEventLoop()
  }

  /**
   * Lets timers and I/O run, then goes on. Every caller that ends a call meanwhile parks on the same turn: the event
   * loop moves only once the microtask queue is empty, so one caller parking while the others spin would not do.
   */
  private yieldToEventLoop(): Promise<void> {
    this.pendingYield = new Promise<void>((resolve) =>
      setImmediate(() => {
        this.pendingYield = undefined
        this.lastYield = performance.now()
        resolve()
      }),
    )
    return this.pendingYield
  }

  /** Resolves when a call ends, the run is stopped, or `ms` pass, whichever is first. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.signal.removeEventListener('abort', done)
        const at = this.waiters.indexOf(done)
        if (at >= 0) void this.waiters.splice(at, 1)
        resolve()
      }
      const timer = setTimeout(done, Math.max(0, ms))
      this.signal.addEventListener('abort', done, { once: true })
      this.waiters.push(done)
    })
  }

  private wakeAll(): void {
    const waiters = this.waiters.splice(0)
    for (const wake of waiters) wake()
  }
}

/** The status a thrown call counts under: the workbench error code, else the system error code (ECONNREFUSED…). */
function statusOf(error: unknown): string {
  if (error instanceof WorkbenchError) return error.code
  const code = systemCode(error) ?? systemCode(error instanceof Error ? error.cause : undefined)
  return code ?? 'transport_error'
}

function systemCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}
