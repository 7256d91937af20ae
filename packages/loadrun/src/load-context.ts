/** Makes one call under load: counts it in flight, times it from its start (or its scheduled start) and records it. */
import { WorkbenchError } from '@wirebench/core'
import type { Recorder } from './recorder.js'
import type { CallFunction, CallOutcome } from './types.js'

export class LoadContext {
  inFlight = 0
  private readonly waiters: (() => void)[] = []

  constructor(
    private readonly call: CallFunction,
    readonly signal: AbortSignal,
    /** Absent during warm-up: those calls are made but not counted. */
    private readonly recorder?: Recorder,
  ) {}

  /** Runs one call; `scheduledAt` (performance.now() time) is when it should have started, for open-loop runs. */
  async invoke(scheduledAt?: number): Promise<void> {
    this.inFlight += 1
    const startedAt = performance.now()
    let outcome: CallOutcome
    try {
      outcome = await this.call(this.signal)
    } catch (error) {
      outcome = { ok: false, status: statusOf(error) }
    } finally {
      this.inFlight -= 1
      this.wakeAll()
    }
    // A call cut short by Stop says nothing about the target: it is left out of the figures.
    if (this.signal.aborted) return
    this.recorder?.record(outcome, performance.now() - (scheduledAt ?? startedAt))
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
