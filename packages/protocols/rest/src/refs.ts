/** Lazy, cached resolution of local `$ref` JSON pointers; external references are never fetched (SECURITY.md). */
import { isObject } from './types.js'

const maxHops = 32

export interface Dereferenced {
  value: unknown
  /** The last `$ref` followed, when the value came through one. */
  ref?: string
}

export class RefResolver {
  private readonly cache = new Map<string, unknown>()

  constructor(private readonly root: unknown) {}

  /** The target of a local reference (`#/components/schemas/Pet`), or undefined when it is external or dangling. */
  get(ref: string): unknown {
    if (this.cache.has(ref)) return this.cache.get(ref)
    const target = ref.startsWith('#') ? this.walk(ref.slice(1)) : undefined
    this.cache.set(ref, target)
    return target
  }

  /** Follows a chain of `$ref`s (bounded, so a self-reference cannot loop). */
  deref(value: unknown): Dereferenced {
    let current = value
    let ref: string | undefined
    for (let hop = 0; hop < maxHops && isObject(current) && typeof current['$ref'] === 'string'; hop++) {
      ref = current['$ref']
      current = this.get(ref)
    }
    return ref === undefined ? { value: current } : { value: current, ref }
  }

  private walk(pointer: string): unknown {
    if (pointer === '' || pointer === '/') return pointer === '' ? this.root : undefined
    let current: unknown = this.root
    for (const raw of pointer.slice(1).split('/')) {
      const key = decodeSegment(raw)
      if (Array.isArray(current)) current = current[Number(key)]
      else if (isObject(current) && Object.hasOwn(current, key)) current = current[key]
      else return undefined
    }
    return current
  }
}

function decodeSegment(segment: string): string {
  let decoded = segment
  if (decoded.includes('%')) {
    try {
      decoded = decodeURIComponent(decoded)
    } catch {
      // Keep a malformed escape as written; the lookup then simply misses.
    }
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** The readable name a reference points at (`#/components/schemas/Pet` → `Pet`). */
export function refName(ref: string): string {
  const last = ref.slice(ref.lastIndexOf('/') + 1)
  return decodeSegment(last) || 'Schema'
}
