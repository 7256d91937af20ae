/**
 * What a plugin's discovery found, per target. URL targets are bounded (least recently used go first; a call
 * rediscovers them on demand); uploads are never evicted, since nothing could rediscover them.
 */

export interface TargetCache<T> {
  get(target: string): T | undefined
  set(target: string, entry: T): void
  delete(target: string): void
  clear(): void
}

export interface TargetCacheOptions<T> {
  maxUrlTargets: number
  /** Entries nothing could rediscover (uploaded files): kept outside the bound. */
  isUpload(target: string, entry: T): boolean
}

export function createTargetCache<T>(options: TargetCacheOptions<T>): TargetCache<T> {
  const uploads = new Map<string, T>()
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const urls = new Map<string, T>()
  return {
    get(target) {
      const upload = uploads.get(target)
      if (upload !== undefined) return upload
      const entry = urls.get(target)
      if (entry !== undefined && urls.size > 1) {
        urls.delete(target)
        urls.set(target, entry)
      }
      return entry
    },
    set(target, entry) {
      if (options.isUpload(target, entry)) {
        uploads.set(target, entry)
        return
      }
      urls.delete(target)
      urls.set(target, entry)
      while (urls.size > options.maxUrlTargets) {
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
