/**
 * The time bound of one live call: its deadline when the browser gave a `timeoutMs`, otherwise an idle timeout that
 * fires after a stretch with no frames either way. One timer re-armed from the last activity, rather than one reset
 * per frame at high rates.
 */
import { WorkbenchError } from '@wirebench/core'
import { timeoutError } from '../deadline.js'

export interface CallTimerOptions {
  timeoutMs?: number | undefined
  idleTimeoutMs: number
  /** Runs once, with the error the call ends with. */
  onExpire(error: WorkbenchError): void
}

export class CallTimer {
  private readonly options: CallTimerOptions
  private timer: NodeJS.Timeout | undefined
  private lastActivity = Date.now()

  constructor(options: CallTimerOptions) {
    this.options = options
    const { timeoutMs, idleTimeoutMs } = options
    this.timer =
      timeoutMs === undefined
        ? setTimeout(() => this.checkIdle(), idleTimeoutMs)
        : setTimeout(() => options.onExpire(timeoutError(timeoutMs)), timeoutMs)
  }

  /** Something happened on the call (a frame, a send); returns the time, for callers that need it. */
  touch(): number {
    this.lastActivity = Date.now()
    return this.lastActivity
  }

  stop(): void {
    clearTimeout(this.timer)
  }

  private checkIdle(): void {
    const { idleTimeoutMs } = this.options
    const idleFor = Date.now() - this.lastActivity
    if (idleFor < idleTimeoutMs) {
      this.timer = setTimeout(() => this.checkIdle(), idleTimeoutMs - idleFor)
      return
    }
    this.options.onExpire(
      new WorkbenchError('timeout', `The call was idle for ${Math.round(idleTimeoutMs / 1000)} s and was closed.`, {
        hint: 'Nothing was sent or received for that long. Give the call a timeout, or open it again.',
      }),
    )
  }
}
