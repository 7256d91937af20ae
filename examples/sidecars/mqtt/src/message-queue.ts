/**
 * Messages a subscription received, waiting for the stream to send them. Bounded: a consumer that falls this far
 * behind ends the stream with ResourceExhausted rather than letting the queue grow without limit.
 */
import { SidecarError } from '@wirebench/sidecar/sdk'

export class BoundedQueue<T> {
  private items: T[] = []
  private wake: (() => void) | undefined
  private failure: SidecarError | undefined
  private isEnded = false

  constructor(private readonly max: number) {}

  push(item: T): void {
    if (this.isEnded) return
    if (this.items.length >= this.max) {
      this.fail(
        new SidecarError('busy', `More than ${this.max} messages waited for a consumer that fell behind.`, {
          status: 'ResourceExhausted',
        }),
      )
      return
    }
    this.items.push(item)
    this.signal()
  }

  fail(error: SidecarError): void {
    this.failure ??= error
    this.end()
  }

  end(): void {
    this.isEnded = true
    this.signal()
  }

  async *drain(signal: AbortSignal): AsyncGenerator<T> {
    const onAbort = () => this.end()
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      for (;;) {
        const item = this.items.shift()
        if (item !== undefined) {
          yield item
          continue
        }
        if (this.failure) throw this.failure
        if (this.isEnded) return
        await new Promise<void>((resolve) => (this.wake = resolve))
      }
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
  }

  private signal(): void {
    const wake = this.wake
    this.wake = undefined
    wake?.()
  }
}
