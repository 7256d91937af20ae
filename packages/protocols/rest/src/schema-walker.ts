/**
 * Walks JSON Schemas into FieldInfo trees: nested objects become messages (depth-capped), arrays repeated fields,
 * `additionalProperties` maps, `format: binary` file inputs. A named schema already on the current path is cut to a
 * `json` field and the owning message is marked `truncated`, so cyclic `$ref`s cannot loop.
 */
import type { FieldInfo, FieldSource, FieldType, MessageInfo } from '@wirebench/core'
import { refName } from './refs.js'
import { typeOf } from './schema-view.js'
import type { SchemaView, SchemaViews } from './schema-view.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export interface FieldSeed {
  name: string
  schema: unknown
  required?: boolean
  description?: string
  example?: unknown
  deprecated?: boolean
  source?: FieldSource
  wireName?: string
}

export interface WalkerOptions {
  maxDepth: number
  /** Request bodies drop `readOnly` properties, responses drop `writeOnly` ones. */
  omit: 'readOnly' | 'writeOnly'
  /** Fields nested deeper than this carry no description or example (response trees would otherwise dominate). */
  maxDescribedDepth: number
}

interface Owner {
  truncated: boolean
}

export class SchemaWalker {
  private readonly stack: string[] = []
  private cycleLow = Number.POSITIVE_INFINITY
  // Keyed by named schema and remaining depth; reused only when no cycle cut above the schema shaped it.
  private readonly messages = new Map<string, MessageInfo>()

  constructor(
    private readonly views: SchemaViews,
    private readonly options: WalkerOptions,
  ) {}

  /** One message whose fields are the properties of an object schema (depth 0 is the request or response itself). */
  message(view: SchemaView, name: string, fields: FieldInfo[] = []): MessageInfo {
    const owner: Owner = { truncated: false }
    return finishMessage(name, fields.concat(this.rootFields(view, owner, fields.length + 1)), owner)
  }

  /** The fields of a request or response root schema, which is on the path so a self-reference is a cycle. */
  rootFields(view: SchemaView, owner: Owner, firstNumber: number): FieldInfo[] {
    if (view.ref !== undefined) this.stack.push(view.ref)
    const fields = this.objectFields(view, 0, owner, firstNumber)
    if (view.ref !== undefined) this.stack.pop()
    return fields
  }

  view(raw: unknown): SchemaView {
    return this.views.of(raw)
  }

  objectFields(view: SchemaView, depth: number, owner: Owner, firstNumber = 1): FieldInfo[] {
    const props = view.schema['properties']
    if (!isObject(props)) return []
    const listed = view.schema['required']
    const required: unknown[] = Array.isArray(listed) ? listed : []
    const fields: FieldInfo[] = []
    for (const [name, schema] of Object.entries(props)) {
      if (isObject(schema) && schema[this.options.omit] === true) continue
      const seed = { name, schema, required: required.includes(name) }
      fields.push(this.field(seed, firstNumber + fields.length, depth, owner))
    }
    return fields
  }

  field(seed: FieldSeed, number: number, depth: number, owner: Owner): FieldInfo {
    const view = this.views.of(seed.schema)
    const schema = view.schema
    const field: FieldInfo = {
      name: seed.name,
      number,
      type: 'json',
      label: 'optional',
      isRepeated: false,
      isMap: false,
      required: seed.required === true,
      isBinary: false,
    }
    let item = view
    if (typeOf(schema) === 'array') {
      field.isRepeated = true
      field.label = 'repeated'
      item = this.views.of(schema['items'])
      if (typeOf(item.schema) === 'array') item = { schema: {} }
    } else if (field.required) field.label = 'required'
    this.applyType(field, item, depth, owner)
    describe(field, seed, view, item, depth <= this.options.maxDescribedDepth)
    return field
  }

  private applyType(field: FieldInfo, view: SchemaView, depth: number, owner: Owner): void {
    const schema = view.schema
    const values = schema['enum']
    if (Array.isArray(values) && values.length > 0 && values.every((v) => v === null || typeof v !== 'object')) {
      field.type = 'enum'
      field.enumValues = values.filter((v) => v !== null).map((v, i) => ({ name: String(v), number: i }))
      return
    }
    const scalar = scalarType(schema)
    if (scalar) {
      field.type = scalar
      if (scalar === 'bytes' && isBinarySchema(schema)) field.isBinary = true
      if (typeof schema['format'] === 'string') field.format = schema['format']
      return
    }
    if (typeOf(schema) !== 'object') return
    if (isObject(schema['properties']) && Object.keys(schema['properties']).length > 0) {
      const nested = this.nested(view, field.name, depth + 1, owner)
      if (nested) {
        field.type = 'message'
        field.messageType = nested
      }
      return
    }
    const additional = schema['additionalProperties']
    if (additional === undefined || additional === false) return
    field.isMap = true
    field.mapKeyType = 'string'
    const value = this.field({ name: field.name, schema: isObject(additional) ? additional : {} }, 1, depth, owner)
    field.mapValueType = value.type
    if (value.messageType) field.messageType = value.messageType
  }

  /** The message for a nested object, or undefined when the depth cap or a cycle cuts it (owner is then truncated). */
  private nested(view: SchemaView, fieldName: string, depth: number, owner: Owner): MessageInfo | undefined {
    if (depth > this.options.maxDepth) {
      owner.truncated = true
      return undefined
    }
    const ref = view.ref
    if (ref === undefined) return this.build(view, inlineName(view, fieldName), depth)
    const onPath = this.stack.indexOf(ref)
    if (onPath >= 0) {
      this.cycleLow = Math.min(this.cycleLow, onPath)
      owner.truncated = true
      return undefined
    }
    const key = `${ref}@${this.options.maxDepth - depth}@${Math.min(depth, this.options.maxDescribedDepth + 1)}`
    const cached = this.messages.get(key)
    if (cached) return cached
    const index = this.stack.length
    const outerLow = this.cycleLow
    this.cycleLow = Number.POSITIVE_INFINITY
    this.stack.push(ref)
    const message = this.build(view, refName(ref), depth)
    this.stack.pop()
    if (this.cycleLow >= index) this.messages.set(key, message)
    this.cycleLow = Math.min(outerLow, this.cycleLow)
    return message
  }

  private build(view: SchemaView, name: string, depth: number): MessageInfo {
    const owner: Owner = { truncated: false }
    return finishMessage(name, this.objectFields(view, depth, owner), owner)
  }
}

function finishMessage(name: string, fields: FieldInfo[], owner: Owner): MessageInfo {
  const message: MessageInfo = { name, fullName: name, fields }
  if (owner.truncated) message.truncated = true
  return message
}

function inlineName(view: SchemaView, fieldName: string): string {
  const title = view.schema['title']
  if (typeof title === 'string' && title !== '') return title
  return fieldName.charAt(0).toUpperCase() + fieldName.slice(1)
}

function scalarType(schema: JsonObject): FieldType | undefined {
  const format = schema['format']
  switch (typeOf(schema)) {
    case 'string':
      return format === 'binary' || format === 'byte' || isBinarySchema(schema) ? 'bytes' : 'string'
    case 'file':
      return 'bytes'
    case 'integer':
      return format === 'int64' || format === 'uint64' || format === 'uint32' ? format : 'int32'
    case 'number':
      return format === 'float' ? 'float' : 'double'
    case 'boolean':
      return 'bool'
    case undefined:
    default:
      return undefined
  }
}

/** `format: binary`, Swagger 2.0 `type: file`, or 3.1's `contentMediaType` for a raw (non-base64) string. */
function isBinarySchema(schema: JsonObject): boolean {
  if (schema['type'] === 'file' || schema['format'] === 'binary') return true
  return typeof schema['contentMediaType'] === 'string' && schema['contentEncoding'] === undefined
}

function describe(field: FieldInfo, seed: FieldSeed, view: SchemaView, item: SchemaView, isDescribed: boolean): void {
  const schema = view.schema
  if (seed.source) field.source = seed.source
  if (seed.wireName) field.wireName = seed.wireName
  if (seed.deprecated === true || schema['deprecated'] === true) field.deprecated = true
  if (!isDescribed) return
  const text = seed.description ?? stringOf(schema['description']) ?? stringOf(item.schema['description'])
  const alternatives = view.alternatives ?? item.alternatives
  const description = alternatives ? (text ? `${text}\n\n${alternatives}` : alternatives) : text
  if (description) field.description = description
  const example = seed.example ?? schema['example'] ?? firstOf(schema['examples'])
  // The wire model omits nulls, so a `null` example or default is left out like a missing one.
  if (example !== undefined && example !== null) field.example = example
  if (schema['default'] !== undefined && schema['default'] !== null) field.defaultValue = schema['default']
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined
}
