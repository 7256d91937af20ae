/** The messages a channel's client sends, as the async iterable a handler reads (`ctx.incoming`). */

export interface MessageQueue {
  push(message: unknown): void
  end(): void
  iterable: AsyncIterable<unknown>
}

export function createMessageQueue(signal: AbortSignal): MessageQueue {
  const items: unknown[] = []
  let isEnded = false
  let wake: (() => void) | undefined
  const signalWake = () => {
    const w = wake
    wake = undefined
    w?.()
  }
  signal.addEventListener('abort', signalWake, { once: true })
  return {
    push(message) {
      if (isEnded) return
      items.push(message)
      signalWake()
    },
    end() {
      isEnded = true
      signalWake()
    },
    iterable: {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          if (items.length > 0) {
            yield items.shift()
            continue
          }
          if (isEnded || signal.aborted) return
          await new Promise<void>((resolve) => (wake = resolve))
        }
      },
    },
  }
}
