/** A client-to-server stream as the hub method sees it: items pushed by StreamItem messages, ended by a Completion. */

export class UploadStream implements AsyncIterable<unknown> {
  private readonly items: unknown[] = []
  private waiting: ((result: IteratorResult<unknown>) => void) | undefined
  private failWaiting: ((error: Error) => void) | undefined
  private done = false
  private error: Error | undefined

  push(item: unknown): void {
    if (this.done) return
    if (this.waiting) {
      const resolve = this.waiting
      this.clearWaiter()
      resolve({ value: item, done: false })
    } else this.items.push(item)
  }

  end(error?: string): void {
    if (this.done) return
    this.done = true
    if (error !== undefined) this.error = new Error(error)
    if (this.items.length > 0) return
    if (this.error && this.failWaiting) this.failWaiting(this.error)
    else this.waiting?.({ value: undefined, done: true })
    this.clearWaiter()
  }

  private clearWaiter(): void {
    this.waiting = undefined
    this.failWaiting = undefined
  }

  [Symbol.asyncIterator](): AsyncIterator<unknown> {
    return {
      next: () => {
        if (this.items.length > 0) return Promise.resolve({ value: this.items.shift(), done: false })
        if (this.done)
          return this.error ? Promise.reject(this.error) : Promise.resolve({ value: undefined, done: true })
        return new Promise((resolve, reject) => {
          this.waiting = resolve
          this.failWaiting = reject
        })
      },
    }
  }
}
