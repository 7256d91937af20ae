/**
 * The discovered documents the plugin keeps so `invoke` finds its operation. URL documents are bounded (least
 * recently used go first; they are fetched again on demand); uploads are never evicted, since nothing can refetch them.
 */
import type { CachedDocument } from './types.js'

export interface DocumentCache {
  get(target: string): CachedDocument | undefined
  set(target: string, document: CachedDocument): void
  delete(target: string): void
  clear(): void
}

const urlTarget = /^[a-z][a-z0-9+.-]*:\/\//i

export function isUrlTarget(target: string): boolean {
  return urlTarget.test(target)
}

export function createDocumentCache(maxUrlDocuments = 64): DocumentCache {
  const uploads = new Map<string, CachedDocument>()
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const urls = new Map<string, CachedDocument>()
  return {
    get(target) {
      const upload = uploads.get(target)
      if (upload) return upload
      const document = urls.get(target)
      if (document && urls.size > 1) {
        urls.delete(target)
        urls.set(target, document)
      }
      return document
    },
    set(target, document) {
      if (!isUrlTarget(target)) {
        uploads.set(target, document)
        return
      }
      urls.delete(target)
      urls.set(target, document)
      while (urls.size > maxUrlDocuments) {
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
