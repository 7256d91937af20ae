/**
 * What discovery found, per target. URL targets are bounded (least recently used go first; a call rediscovers them
 * on demand); uploads are never evicted, since nothing could rediscover them.
 */
import type { CachedTarget } from './types.js'

export interface TargetCache {
  get(target: string): CachedTarget | undefined
  set(target: string, entry: CachedTarget): void
  delete(target: string): void
  clear(): void
}

export function createTargetCache(maxUrlTargets: number): TargetCache {
  const uploads = new Map<string, CachedTarget>()
  // Insertion order is recency order: re-inserted on use.
  const urls = new Map<string, CachedTarget>()
  return {
    get(target) {
      const upload = uploads.get(target)
      if (upload) return upload
      const entry = urls.get(target)
      if (entry && urls.size > 1) {
        urls.delete(target)
        urls.set(target, entry)
      }
      return entry
    },
    set(target, entry) {
      if (!entry.address) {
        uploads.set(target, entry)
        return
      }
      urls.delete(target)
      urls.set(target, entry)
      while (urls.size > maxUrlTargets) {
        const oldest = urls.keys().next().value
        if (oldest === undefined) break
        urls.delete(oldest)
      }
    },
    delete(target) {
      uploads.delete(target)
      urls.delete(target)
    },
    clear() {
      uploads.clear()
      urls.clear()
    },
  }
}
