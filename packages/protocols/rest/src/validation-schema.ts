/**
 * A response schema of an OpenAPI document as a self-contained JSON Schema 2020-12: every local `$ref` it reaches is
 * copied under `$defs`, OpenAPI 3.0 / Swagger 2.0 dialect is rewritten (`nullable`, `x-nullable`, boolean exclusive
 * bounds, `$ref` siblings ignored), and a `discriminator` picks the branch its tag names. Self-contained, so the
 * server's worker can compile it without the document.
 */
import type { SpecVersion } from './parse-document.js'
import type { RefResolver } from './refs.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

/** Keywords whose value is a schema. */
const schemaKeys = new Set([
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
])
/** Keywords whose value is a list of schemas. */
const schemaListKeys = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
/** Keywords whose value maps names to schemas. */
const schemaMapKeys = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'])
/** OpenAPI annotations that are no JSON Schema keyword (or would change meaning under 2020-12). */
const droppedKeys = new Set(['discriminator', 'xml', 'externalDocs', 'example', 'nullable', 'x-nullable', '$schema'])

export class ResponseSchemaBuilder {
  private readonly defs: JsonObject = {}
  private readonly names = new Map<string, string>()
  private readonly taken = new Set<string>()
  private readonly isLegacy: boolean

  private constructor(
    private readonly version: SpecVersion,
    private readonly refs: RefResolver,
  ) {
    this.isLegacy = version !== '3.1'
  }

  /** How many schema objects the result holds: what compiling it costs grows with this. */
  private nodes = 0

  /** `schema` (as the document writes it) with everything it references, in 2020-12 terms. */
  static build(schema: unknown, version: SpecVersion, refs: RefResolver): JsonObject {
    return ResponseSchemaBuilder.measure(schema, version, refs).schema
  }

  /** `build`, and the number of schema objects in the result. */
  static measure(schema: unknown, version: SpecVersion, refs: RefResolver): { schema: JsonObject; nodes: number } {
    const builder = new ResponseSchemaBuilder(version, refs)
    const top = builder.convert(schema)
    const root: JsonObject = isObject(top) ? { ...top } : { allOf: [top] }
    if (Object.keys(builder.defs).length > 0) root['$defs'] = { ...(root['$defs'] as JsonObject), ...builder.defs }
    return { schema: root, nodes: builder.nodes }
  }

  private convert(node: unknown): unknown {
    if (!isObject(node)) return node
    const ref = node['$ref']
    if (typeof ref === 'string') {
      const target = { $ref: this.defRef(ref) }
      // OpenAPI 3.0 and Swagger 2.0 ignore a reference's siblings; 3.1 (2020-12) applies them.
      if (this.isLegacy) return target
      const { $ref: _ref, ...rest } = node
      return Object.keys(rest).length === 0 ? target : { ...(this.convertKeywords(rest) as JsonObject), ...target }
    }
    return this.convertKeywords(node)
  }

  private convertKeywords(node: JsonObject): unknown {
    this.nodes++
    const out: JsonObject = {}
    for (const [key, value] of Object.entries(node)) {
      if (droppedKeys.has(key) || key.startsWith('x-')) continue
      if (schemaKeys.has(key)) out[key] = Array.isArray(value) ? value.map((v) => this.convert(v)) : this.convert(value)
      else if (schemaListKeys.has(key) && Array.isArray(value)) out[key] = value.map((v) => this.convert(v))
      else if (schemaMapKeys.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, this.convert(v)]))
      } else out[key] = value
    }
    if (this.isLegacy) {
      legacyBounds(out)
      // Swagger 2.0's `type: file` is a download: nothing in JSON to check.
      if (out['type'] === 'file') delete out['type']
      // Swagger 2.0's tuple form has no meaning in 2020-12.
      if (Array.isArray(out['items'])) out['prefixItems'] = out['items']
      if (Array.isArray(out['items'])) delete out['items']
    }
    const discriminated = this.discriminate(node, out)
    const isNullable = this.isLegacy && (node['nullable'] === true || node['x-nullable'] === true)
    return isNullable ? nullable(discriminated) : discriminated
  }

  /**
   * `oneOf`/`anyOf` with a `discriminator`: the tag's value chooses the one branch to check (its mapping, else the
   * referenced schema's name), so the problems are that branch's, not every branch's.
   */
  private discriminate(node: JsonObject, out: JsonObject): JsonObject {
    const discriminator = node['discriminator']
    const listKey = Array.isArray(node['oneOf']) ? 'oneOf' : Array.isArray(node['anyOf']) ? 'anyOf' : undefined
    if (!isObject(discriminator) || listKey === undefined) return out
    const property = discriminator['propertyName']
    if (typeof property !== 'string') return out
    const mapping = isObject(discriminator['mapping']) ? discriminator['mapping'] : {}
    const branches = node[listKey] as unknown[]
    const rules: JsonObject[] = []
    const allowed: string[] = []
    for (const branch of branches) {
      const ref = isObject(branch) && typeof branch['$ref'] === 'string' ? branch['$ref'] : undefined
      if (ref === undefined) return out // an inline branch has no name a tag could carry: plain oneOf
      const values = Object.entries(mapping)
        .filter(([, target]) => target === ref || (typeof target === 'string' && ref.endsWith(`/${target}`)))
        .map(([value]) => value)
      if (values.length === 0) values.push(ref.slice(ref.lastIndexOf('/') + 1))
      allowed.push(...values)
      rules.push({
        if: { properties: { [property]: { enum: values } }, required: [property] },
        then: { $ref: this.defRef(ref) },
      })
    }
    const { [listKey]: _branches, ...rest } = out
    const tag = { required: [property], properties: { [property]: { enum: allowed } } }
    const allOf = Array.isArray(rest['allOf']) ? (rest['allOf'] as unknown[]) : []
    return { ...rest, allOf: [...allOf, tag, ...rules] }
  }

  /** The `$defs` entry of a reference, converted on first sight (a cycle meets the name already taken). */
  private defRef(ref: string): string {
    const known = this.names.get(ref)
    if (known !== undefined) return `#/$defs/${known}`
    const base = (ref.startsWith('#/') ? ref.slice(ref.lastIndexOf('/') + 1) : 'external').replace(/[^\w.-]/g, '_')
    let name = base || 'schema'
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`
    this.taken.add(name)
    this.names.set(ref, name)
    // External references are never fetched (SECURITY.md): what they stand for is left unchecked.
    const target = ref.startsWith('#') ? this.refs.get(ref) : {}
    this.defs[name] = target === undefined ? {} : this.convert(target)
    return `#/$defs/${name}`
  }
}

/** OpenAPI 3.0's `exclusiveMinimum: true` beside `minimum` is 2020-12's `exclusiveMinimum: <number>`. */
function legacyBounds(out: JsonObject): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound]
      delete out[bound]
    } else delete out[flag]
  }
}

/** `nullable: true`: null is a value too (added to `type` and `enum`, or beside the whole schema). */
function nullable(schema: JsonObject): JsonObject {
  const type = schema['type']
  if (typeof type === 'string' || Array.isArray(type)) {
    const types: unknown[] = Array.isArray(type) ? type : [type]
    const out: JsonObject = { ...schema, type: types.includes('null') ? types : [...types, 'null'] }
    const values: unknown = schema['enum']
    if (Array.isArray(values) && !values.includes(null)) out['enum'] = [...(values as unknown[]), null]
    return out
  }
  return { anyOf: [schema, { type: 'null' }] }
}
