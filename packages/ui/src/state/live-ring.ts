/**
 * A fixed-capacity ring of log entries addressed by absolute index (the n-th entry ever pushed): when full, pushing
 * evicts the oldest, and the evicted entries stay countable (`first` moves on) so the UI can say how many are gone.
 */

export interface LiveRing<T> {
  readonly capacity: number
  /** Absolute index of the oldest entry still held. */
  readonly first: number
  /** Absolute index the next push gets (= entries ever pushed). */
  readonly end: number
  readonly size: number
  /** Entries pushed out by newer ones (or cleared). */
  readonly evicted: number
  push: (entry: T) => void
  /** The entry at absolute index `index`, or undefined when it was evicted or not pushed yet. */
  at: (index: number) => T | undefined
  /** Forgets every entry; indexes keep counting from where they were. */
  clear: () => void
  /** Held entries from absolute index `from` (clamped) to `to` (exclusive), oldest first. */
  slice: (from?: number, to?: number) => T[]
}

export function createLiveRing<T>(capacity: number): LiveRing<T> {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('A ring needs a positive integer capacity.')
  // Grows up to the capacity so that short calls do not allocate 50,000 slots.
  const slots: T[] = []
  let first = 0
  let end = 0
  let cleared = 0
  return {
    capacity,
    get first() {
      return first
    },
    get end() {
      return end
    },
    get size() {
      return end - first
    },
    get evicted() {
      return first - cleared
    },
    push(entry) {
      slots[end % capacity] = entry
      end++
      if (end - first > capacity) first = end - capacity
    },
    at(index) {
      if (index < first || index >= end) return undefined
      return slots[index % capacity]
    },
    clear() {
      cleared += end - first
      first = end
      slots.length = 0
    },
    slice(from = first, to = end) {
      const out: T[] = []
      for (let i = Math.max(from, first); i < Math.min(to, end); i++) out.push(slots[i % capacity] as T)
      return out
    },
  }
}
