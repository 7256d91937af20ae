/**
 * The bytes every call on one live socket may hold queued at once: calls reserve the size of each frame they queue
 * and release it as the frame leaves (or is dropped), and a call paused on a full budget is woken when another
 * call's frames free room.
 */
export class ByteBudget {
  readonly limit: number
  private usedBytes = 0
  private readonly waiters = new Set<() => void>()

  constructor(limit: number) {
    this.limit = Math.max(1, limit)
  }

  get used(): number {
    return this.usedBytes
  }

  /** Whether `bytes` more fit. */
  fits(bytes: number): boolean {
    return this.usedBytes + bytes <= this.limit
  }

  reserve(bytes: number): void {
    this.usedBytes += bytes
  }

  release(bytes: number): void {
    if (bytes <= 0) return
    this.usedBytes = Math.max(0, this.usedBytes - bytes)
    for (const waiter of [...this.waiters]) waiter()
  }

  /** Runs `waiter` on every release until `unsubscribe` is called. */
  subscribe(waiter: () => void): () => void {
    this.waiters.add(waiter)
    return () => this.waiters.delete(waiter)
  }
}
