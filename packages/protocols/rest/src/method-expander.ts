/**
 * The messages of a document too large to describe whole, built one operation at a time when a method is opened or
 * called. It keeps the parsed document (a fraction of what its full description would be) and the methods it built
 * most recently.
 */
import type { MethodInfo } from '@wirebench/core'
import { MethodBuilder } from './method-builder.js'
import type { MethodBuilderOptions, OperationEntry } from './method-builder.js'
import type { ParsedSpec } from './parse-document.js'
import { methodKey } from './types.js'

/** Methods kept built; a user works with a handful at a time. */
const keptMethods = 256

export class MethodExpander {
  private readonly builder: MethodBuilder
  private readonly entries = new Map<string, OperationEntry>()
  private readonly built = new Map<string, MethodInfo>()

  constructor(spec: ParsedSpec, entries: OperationEntry[], options: MethodBuilderOptions) {
    // Only the operation budget applies: each method is sent on its own.
    const limits = { operationBytes: options.limits.operationBytes, documentBytes: Number.POSITIVE_INFINITY }
    this.builder = new MethodBuilder(spec, { ...options, limits })
    for (const entry of entries) this.entries.set(methodKey(entry.serviceName, entry.name), entry)
  }

  /** The method with its messages, or undefined when the document has no such operation. */
  expand(service: string, method: string): MethodInfo | undefined {
    const key = methodKey(service, method)
    const cached = this.built.get(key)
    if (cached) {
      // Most recently used last, so the oldest goes first.
      this.built.delete(key)
      this.built.set(key, cached)
      return cached
    }
    const entry = this.entries.get(key)
    if (!entry) return undefined
    const full = this.builder.full(entry)
    this.built.set(key, full)
    if (this.built.size > keptMethods) this.built.delete(this.built.keys().next().value as string)
    return full
  }
}
