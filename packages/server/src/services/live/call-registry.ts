/**
 * The calls of one live socket by browser-minted id, with a bounded memory of recently closed ids: acks and cancels
 * that cross a `closed` in flight are expected and ignored, while ids never seen are the browser's error.
 */
export class CallRegistry<T> {
  private readonly open = new Map<string, T>()
  private readonly recent = new Set<string>()
  private readonly recentLimit: number

  constructor(recentLimit = 1024) {
    this.recentLimit = recentLimit
  }

  get size(): number {
    return this.open.size
  }

  has(id: string): boolean {
    return this.open.has(id)
  }

  get(id: string): T | undefined {
    return this.open.get(id)
  }

  add(id: string, call: T): void {
    this.recent.delete(id)
    this.open.set(id, call)
  }

  /** Forgets an open call and remembers its id as recently closed. */
  remove(id: string): void {
    if (this.open.delete(id)) this.remember(id)
  }

  /** Remembers `id` as recently closed (also for a call that ended before it was registered). */
  remember(id: string): void {
    this.recent.add(id)
    if (this.recent.size > this.recentLimit) {
      // Sets iterate in insertion order: the first id is the oldest.
      const oldest = this.recent.values().next()
      if (oldest.done !== true) this.recent.delete(oldest.value)
    }
  }

  wasRecentlyClosed(id: string): boolean {
    return this.recent.has(id)
  }

  /** The open calls, detached from the registry (for closing them all). */
  drain(): T[] {
    const calls = [...this.open.values()]
    this.open.clear()
    return calls
  }
}
