/**
 * Normalises a JSON Schema for field walking: `$ref`s followed, `allOf` merged, one `oneOf`/`anyOf` variant chosen.
 *
 * Rule for `oneOf`/`anyOf`, after dropping `null` variants and the empty-string "clear it" idiom (`enum: [""]`,
 * as in Stripe's `anyOf: [object, ""]`): a lone variant is that variant; when every variant is an object, the first
 * is merged into the schema (the form gets its fields) and `alternatives` names the others; when every variant lists
 * its values (3.1 `const`s, enums) they are one enum; variants of one scalar type give that type; a mix of objects
 * and scalars, or of scalar types, is free JSON with `alternatives` naming the variants for the field description.
 */
import { refName } from './refs.js'
import type { RefResolver } from './refs.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export interface SchemaView {
  schema: JsonObject
  /** The named schema this view is, when it is exactly one (`$ref`, or `allOf` of one `$ref`): identity for caching and cycles. */
  ref?: string
  alternatives?: string
}

const empty: SchemaView = { schema: {} }

/** The JSON type of a schema, inferred when `type` is missing; 3.1 type arrays give their first non-null member. */
export function typeOf(schema: JsonObject): string | undefined {
  const type = schema['type']
  if (typeof type === 'string') return type
  if (Array.isArray(type)) return (type.find((t) => t !== 'null') as string | undefined) ?? 'null'
  if (isObject(schema['properties']) || isObject(schema['additionalProperties'])) return 'object'
  if (schema['items'] !== undefined) return 'array'
  const values = schema['enum']
  if (Array.isArray(values) && values.length > 0) return jsonTypeOf(values.find((v) => v !== null) ?? null)
  if ('const' in schema) return jsonTypeOf(schema['const'])
  return undefined
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value === 'number' ? 'number' : typeof value
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object'
}

/** The values a schema allows when it lists them (`enum`, or 3.1's `const` as an enum of one). */
function listedValues(schema: JsonObject): unknown[] | undefined {
  const values: unknown = schema['enum']
  if (Array.isArray(values)) return values as unknown[]
  return 'const' in schema ? [schema['const']] : undefined
}

export function isObjectLike(schema: JsonObject): boolean {
  return typeOf(schema) === 'object' && (isObject(schema['properties']) || schema['additionalProperties'] !== undefined)
}

export class SchemaViews {
  private readonly cache = new WeakMap<object, SchemaView>()
  // Every `{$ref: X}` occurrence is its own object; one view per reference string saves rebuilding it for each.
  private readonly byRef = new Map<string, SchemaView>()
  private readonly active = new Set<object>()

  constructor(private readonly refs: RefResolver) {}

  of(raw: unknown): SchemaView {
    if (!isObject(raw)) return empty
    const cached = this.cache.get(raw)
    if (cached) return cached
    // allOf/oneOf that reach themselves again contribute nothing more.
    if (this.active.has(raw)) return empty
    this.active.add(raw)
    try {
      const view = this.build(raw)
      this.cache.set(raw, view)
      return view
    } finally {
      this.active.delete(raw)
    }
  }

  private build(raw: JsonObject): SchemaView {
    const { value, ref } = this.refs.deref(raw)
    if (ref !== undefined && !isObject(value)) {
      return { schema: { description: `Reference ${ref} is not resolved (external references are not fetched).` } }
    }
    if (!isObject(value)) return empty
    if (ref !== undefined) {
      let view = this.byRef.get(ref)
      if (!view) this.byRef.set(ref, (view = withRef(this.of(value), ref)))
      return view
    }
    const allOf = value['allOf']
    const choice = value['oneOf'] ?? value['anyOf']
    if (Array.isArray(allOf)) return this.merge(value, allOf)
    if (Array.isArray(choice)) return this.choose(value, choice)
    // 3.1's `const` (a discriminator, a fixed version) is an enum of one value.
    if ('const' in value && !Array.isArray(value['enum'])) return { schema: { ...value, enum: [value['const']] } }
    return { schema: value }
  }

  private merge(base: JsonObject, parts: unknown[]): SchemaView {
    const own = withoutKeys(base, 'allOf')
    const views = parts.map((part) => this.of(part))
    const only = views[0]
    // `allOf: [$ref]` with siblings such as `nullable` or `description` is still that one named schema.
    if (views.length === 1 && only && !isObject(own['properties'])) {
      return { ...only, schema: { ...only.schema, ...definedOnly(own) } }
    }
    // Folded from the last part back so properties read in document order (parts, then own) and, on a clash,
    // own keywords win over later parts, which win over earlier ones.
    let merged: SchemaView = { schema: own }
    for (const view of views.reverse()) merged = combine(merged, view)
    return merged
  }

  private choose(base: JsonObject, variants: unknown[]): SchemaView {
    const own = withoutKeys(base, 'oneOf', 'anyOf')
    const views = variants.map((v) => this.of(v)).filter((v) => typeOf(v.schema) !== 'null' && !isClearIdiom(v.schema))
    const lone = views.length === 1 ? views[0] : undefined
    if (lone) return combine({ schema: own }, lone, true)
    const objects = views.filter((v) => isObjectLike(v.schema))
    const first = objects[0]
    const names = views.map(variantName).join(' | ')
    if (first && objects.length === views.length) {
      return { ...combine({ schema: own }, first, true), alternatives: `One of: ${names}` }
    }
    if (first) return { schema: own, alternatives: `One of: ${names}` }
    const listed = views.map((v) => listedValues(v.schema))
    if (views.length > 0 && listed.every((values) => values !== undefined && values.every(isScalar))) {
      return enumOfVariants(own, views, listed as unknown[][])
    }
    const types = new Set(views.map((v) => typeOf(v.schema)))
    const [single] = types
    if (types.size === 1 && single !== undefined) {
      const enums = views.map((v) => v.schema['enum'])
      const schema: JsonObject = { ...own, type: single }
      if (enums.every(Array.isArray)) schema['enum'] = [...new Set(enums.flat())]
      const format = views[0]?.schema['format']
      if (format !== undefined && views.every((v) => v.schema['format'] === format)) schema['format'] = format
      return { schema }
    }
    return { schema: own, alternatives: `One of: ${names}` }
  }
}

/**
 * Variants that each list their values (`const`s, `enum`s: OpenAPI 3.1's way to document an enum value by value) are
 * one enum of all their values; a variant's title or description labels its values in the field description.
 */
function enumOfVariants(own: JsonObject, views: SchemaView[], listed: unknown[][]): SchemaView {
  const values = [...new Set(listed.flat())]
  const schema: JsonObject = { ...own, enum: values }
  const types = new Set(values.filter((v) => v !== null).map(jsonTypeOf))
  const [single] = types
  if (types.size === 1 && single !== undefined) schema['type'] = single
  const labels = views.flatMap((view, index) => {
    const label = stringOf(view.schema['title']) ?? stringOf(view.schema['description'])
    const own = listed[index] ?? []
    return label === undefined ? [] : [`${own.map((v) => JSON.stringify(v)).join(', ')}: ${label}`]
  })
  const view: SchemaView = { schema }
  // One line of text: the form runs a description together in two lines, where a newline would be lost.
  if (labels.length > 0) view.alternatives = labels.join('; ')
  return view
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** `{type: string, enum: [""]}`: an API's way to say "send an empty string to clear this", not a real alternative. */
function isClearIdiom(schema: JsonObject): boolean {
  const values = schema['enum']
  return Array.isArray(values) && values.length > 0 && values.every((v) => v === '')
}

function withRef(view: SchemaView, ref: string): SchemaView {
  return { ...view, ref }
}

/** Properties and `required` unioned, `b`'s properties first; on a clash `a`'s keywords and properties win. */
function combine(a: SchemaView, b: SchemaView, keepRef = false): SchemaView {
  const schema: JsonObject = { ...b.schema, ...definedOnly(a.schema) }
  const props = { ...asObject(b.schema['properties']), ...asObject(a.schema['properties']) }
  if (Object.keys(props).length > 0) {
    schema['properties'] = props
    schema['type'] = 'object'
  }
  const required = [...asArray(a.schema['required']), ...asArray(b.schema['required'])]
  if (required.length > 0) schema['required'] = [...new Set(required)]
  const merged: SchemaView = { schema }
  const ownKeys = Object.keys(a.schema).filter((k) => k !== 'description' && k !== 'nullable')
  if (keepRef && b.ref !== undefined && ownKeys.length === 0) merged.ref = b.ref
  const alternatives = a.alternatives ?? b.alternatives
  if (alternatives !== undefined) merged.alternatives = alternatives
  return merged
}

/** How a variant is named in "One of: …": its schema name, title, listed values, type, else "any value". */
function variantName(view: SchemaView): string {
  if (view.ref) return refName(view.ref)
  const title = stringOf(view.schema['title'])
  if (title !== undefined) return title
  const values = listedValues(view.schema)
  if (values !== undefined && values.length > 0 && values.length <= 5) {
    return values.map((v) => JSON.stringify(v)).join(' / ')
  }
  const type = typeOf(view.schema)
  const format = stringOf(view.schema['format'])
  if (type === 'array') {
    const items = view.schema['items']
    return isObject(items) && typeof items['type'] === 'string' ? `array of ${items['type']}` : 'array'
  }
  if (type !== undefined) return format === undefined ? type : `${type} (${format})`
  return 'any value'
}

function withoutKeys(value: JsonObject, ...keys: string[]): JsonObject {
  const copy = { ...value }
  for (const key of keys) delete copy[key]
  return copy
}

function definedOnly(value: JsonObject): JsonObject {
  const copy: JsonObject = {}
  for (const [key, v] of Object.entries(value)) if (v !== undefined && key !== 'properties') copy[key] = v
  return copy
}

function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {}
}

function asArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}
