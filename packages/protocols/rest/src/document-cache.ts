/**
 * The discovered documents the plugin keeps so `invoke` finds its operation: core's target cache, where a target
 * that is not a URL is an upload (never evicted, since nothing can refetch it).
 */
import { createTargetCache } from '@wirebench/core'
import type { TargetCache } from '@wirebench/core'
import type { CachedDocument } from './types.js'

export type DocumentCache = TargetCache<CachedDocument>

const urlTarget = /^[a-z][a-z0-9+.-]*:\/\//i

export function isUrlTarget(target: string): boolean {
  return urlTarget.test(target)
}

export function createDocumentCache(maxUrlDocuments = 64): DocumentCache {
  return createTargetCache<CachedDocument>({
    maxUrlTargets: maxUrlDocuments,
    isUpload: (target) => !isUrlTarget(target),
  })
}
