/**
 * A ring of log entries bounded by count and by an estimate of their bytes, addressed by absolute index (the n-th entry
 * ever pushed): pushing past either bound evicts the oldest, and the evicted entries stay countable (`first` moves on)
 * so the UI can say how many are gone.
 */

export interface LiveRing<T> {
  readonly capacity: number
  /** Estimated bytes held before the oldest entries are evicted (the newest entry is always kept). */
  readonly maxBytes: number
  /** Absolute index of the oldest entry still held. */
  readonly first: number
  /** Absolute index the next push gets (= entries ever pushed). */
  readonly end: number
  readonly size: number
  /** Estimated bytes of the entries held (the sum of the sizes given to `push`). */
  readonly bytes: number
  /** Entries pushed out by newer ones or by `trimTo` (cleared ones are not counted). */
  readonly evicted: number
  /** Adds an entry whose estimated size is `bytes`. */
  push: (entry: T, bytes?: number) => void
  /** Evicts the oldest entries until at most `bytes` are held (counted as evicted). */
  trimTo: (bytes: number) => void
  /** The entry at absolute index `index`, or undefined when it was evicted or not pushed yet. */
  at: (index: number) => T | undefined
  /** Forgets every entry; indexes keep counting from where they were. */
  clear: () => void
  /** Held entries from absolute index `from` (clamped) to `to` (exclusive), oldest first. */
  slice: (from?: number, to?: number) => T[]
}

export function createLiveRing<T>(capacity: number, maxBytes = Number.POSITIVE_INFINITY): LiveRing<T> {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('A ring needs a positive integer capacity.')
  if (!(maxBytes > 0)) throw new RangeError('A ring needs a positive byte budget.')
  // Grow up to the capacity so that short calls do not allocate 50,000 slots.
  const slots: Array<T | undefined> = []
  const sizes: number[] = []
  let first = 0
  let end = 0
  let cleared = 0
  let bytes = 0

  /** Drops the oldest entry, releasing its slot so that a large payload can be collected. */
  const evictOldest = () => {
    const slot = first % capacity
    bytes -= sizes[slot] ?? 0
    slots[slot] = undefined
    sizes[slot] = 0
    first++
  }
  const trimTo = (limit: number) => {
    while (first < end && bytes > limit) evictOldest()
    if (first === end) bytes = 0
  }

  return {
    capacity,
    maxBytes,
    get first() {
      return first
    },
    get end() {
      return end
    },
    get size() {
      return end - first
    },
    get bytes() {
      return bytes
    },
    get evicted() {
      return first - cleared
    },
    push(entry, size = 0) {
      if (end - first === capacity) evictOldest()
      const slot = end % capacity
      slots[slot] = entry
      sizes[slot] = size
      bytes += size
      end++
      while (bytes > maxBytes && end - first > 1) evictOldest()
    },
    trimTo,
    at(index) {
      if (index < first || index >= end) return undefined
      return slots[index % capacity]
    },
    clear() {
      cleared += end - first
      first = end
      bytes = 0
      slots.length = 0
      sizes.length = 0
    },
    slice(from = first, to = end) {
      const out: T[] = []
      for (let i = Math.max(from, first); i < Math.min(to, end); i++) out.push(slots[i % capacity] as T)
      return out
    },
  }
}
