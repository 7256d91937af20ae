/**
 * The discovered documents the plugin keeps so `invoke` finds its operation: core's target cache, where a target
 * that is not a URL is an upload (never evicted, since nothing can refetch it).
 */
import { createTargetCache } from '@wirebench/core'
import type { MethodInfo, ServiceInfo, TargetCache } from '@wirebench/core'
import type { MethodExpander } from './method-expander.js'
import type { OperationSource } from './validation.js'

/** What the plugin keeps per target after discovery: the services, and a way back to a method. */
export interface CachedDocument {
  target: string
  services: ServiceInfo[]
  methods: Map<string, { service: ServiceInfo; method: MethodInfo }>
  /** Builds the messages of `deferred` methods (a document too large to describe whole). */
  expander?: MethodExpander
  /** Where each method's operation sits in the document (by `methodKey`), for response validation. */
  sources?: Map<string, OperationSource>
}

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
