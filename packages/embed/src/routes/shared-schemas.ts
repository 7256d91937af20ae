/**
 * Schemas the host shares by `$id` (Fastify `addSchema`) become `components.schemas` of the in-memory document, and
 * every `$ref` to them (`user#`, `user#/properties/address`, `http://example.com/user.json`) is rewritten to point
 * there, so the REST plugin's resolver (local references only) follows them and stops at cycles as it always does.
 */
import type { JsonSchema } from './host-route.js'

/** Deeper than any real schema; a guard against a host handing over a self-containing object. */
const maxCopyDepth = 64

export class SharedSchemas {
  private readonly keys = new Map<string, string>()
  readonly components: Record<string, JsonSchema> = {}

  constructor(shared: Record<string, unknown>) {
    const taken = new Set<string>()
    for (const id of Object.keys(shared)) {
      let key = id.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'schema'
      for (let n = 2; taken.has(key); n++) key = `${key}_${n}`
      taken.add(key)
      this.keys.set(stripHash(id), key)
    }
    for (const [id, schema] of Object.entries(shared)) {
      const key = this.keys.get(stripHash(id)) as string
      this.components[key] = this.copy(schema, key) as JsonSchema
    }
  }

  /** A plain JSON copy of a route's schema (TypeBox symbols dropped) with its references rewritten. */
  route(schema: unknown): JsonSchema | undefined {
    const copied = this.copy(schema, undefined)
    return isObject(copied) ? copied : undefined
  }

  /**
   * The value with its references rewritten, `$id`s dropped and functions left out; a subtree with nothing to change
   * is the host's own object, not a copy (the document is only read, and a 2,000-route host's schemas copied whole
   * were a tenth of its first discovery, mostly in garbage collection).
   */
  private copy(value: unknown, ownerKey: string | undefined, depth = 0): unknown {
    if (depth > maxCopyDepth) return {}
    if (Array.isArray(value)) {
      let copied: unknown[] | undefined
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i]
        const next = this.copy(item, ownerKey, depth + 1)
        if (next !== item && copied === undefined) copied = value.slice(0, i)
        copied?.push(next)
      }
      return copied ?? value
    }
    if (!isObject(value)) return typeof value === 'function' || typeof value === 'symbol' ? undefined : value
    const entries = Object.entries(value)
    let copied: JsonSchema | undefined
    for (let i = 0; i < entries.length; i++) {
      const [name, item] = entries[i] as [string, unknown]
      const next =
        name === '$id'
          ? undefined
          : name === '$ref' && typeof item === 'string'
            ? this.ref(item, ownerKey)
            : this.copy(item, ownerKey, depth + 1)
      if ((next !== item || name === '$id') && copied === undefined) {
        copied = {}
        for (const [earlier, kept] of entries.slice(0, i)) copied[earlier] = kept
      }
      if (copied !== undefined && name !== '$id') copied[name] = next
    }
    return copied ?? value
  }

  private ref(ref: string, ownerKey: string | undefined): string {
    const hash = ref.indexOf('#')
    const id = hash === -1 ? ref : ref.slice(0, hash)
    const pointer = hash === -1 ? '' : ref.slice(hash + 1)
    // `#/definitions/x` inside a shared schema is relative to that schema, now under components.
    const key = id === '' ? ownerKey : this.keys.get(id)
    if (key === undefined) return ref
    return `#/components/schemas/${key}${pointer}`
  }
}

function stripHash(id: string): string {
  return id.endsWith('#') ? id.slice(0, -1) : id
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
