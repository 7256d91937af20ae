/**
 * Walks JSON Schemas into FieldInfo trees: nested objects become messages (depth-capped), arrays repeated fields,
 * `additionalProperties` maps, `format: binary` file inputs. A named schema already on the current path is cut to a
 * `json` field and the owning message is marked `truncated`, so cyclic `$ref`s cannot loop.
 */
import { WorkbenchError } from '@wirebench/core'
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

/** Caps on the JSON discovery emits, in bytes as serialised: a shared message counts in full at every reuse. */
export interface EmitLimits {
  operationBytes: number
  documentBytes: number
}

// About 10× the largest real operation (GitHub's repos/update, ~92 KB) and 4× the largest real document (GitHub,
// ~8 MB): real documents are never cut, while a `$ref` fan-out stops at a size the browser can still take.
export const defaultEmitLimits: EmitLimits = { operationBytes: 1_000_000, documentBytes: 32_000_000 }

/** Emitted bytes left for the current operation and for the whole document, shared by the input and output walkers. */
export class EmitBudget {
  private operationLeft: number
  private documentLeft: number

  constructor(
    private readonly limits: EmitLimits,
    private readonly origin: string,
  ) {
    this.operationLeft = limits.operationBytes
    this.documentLeft = limits.documentBytes
  }

  startOperation(): void {
    this.operationLeft = this.limits.operationBytes
  }

  fits(bytes: number): boolean {
    return bytes <= this.operationLeft
  }

  /** Past the document cap even cut operations cannot fit, so the document is refused rather than sent partly. */
  charge(bytes: number): void {
    this.operationLeft -= bytes
    this.documentLeft -= bytes
    if (this.documentLeft >= 0) return
    const megabytes = Math.round(this.limits.documentBytes / 1e6)
    throw new WorkbenchError(
      'payload_too_large',
      `${this.origin} expands to more than ${megabytes} MB of operations.`,
      {
        hint: 'Its schemas reference each other so often that even cut to free JSON fields they are too large to show.',
        details: { document: this.origin, limitBytes: this.limits.documentBytes },
      },
    )
  }
}

export class SchemaWalker {
  private readonly stack: string[] = []
  private cycleLow = Number.POSITIVE_INFINITY
  // Keyed by named schema and remaining depth; reused only when no cycle cut above the schema shaped it.
  private readonly messages = new Map<string, MessageInfo>()
  // Serialised size of each built message with everything under it, so a reuse is charged what it will emit.
  private readonly sizes = new WeakMap<MessageInfo, number>()
  // Budget cuts so far: a message shaped by one is not cached, so a later operation with budget left gets it whole.
  private cuts = 0

  constructor(
    private readonly views: SchemaViews,
    private readonly options: WalkerOptions,
    private readonly budget: EmitBudget,
  ) {}

  /** One message whose fields are the properties of an object schema (depth 0 is the request or response itself). */
  message(view: SchemaView, name: string, fields: FieldInfo[] = []): MessageInfo {
    const owner: Owner = { truncated: false }
    return this.finish(name, fields.concat(this.rootFields(view, owner, fields.length + 1)), owner)
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
    // Nested messages were charged when built or reused; the field itself is charged here.
    this.budget.charge(fieldBytes(field))
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
    // A named map schema goes on the path like a named message, so `Tree: {additionalProperties: {$ref: Tree}}`
    // (directly or through arrays) is cut at its second appearance instead of followed until the stack overflows.
    // The depth is left alone: map values of real documents keep the shape they had.
    const ref = view.ref
    if (ref !== undefined && this.isOnPath(ref, owner)) {
      field.mapValueType = 'json'
      return
    }
    if (ref !== undefined) this.stack.push(ref)
    try {
      const value = this.field({ name: field.name, schema: isObject(additional) ? additional : {} }, 1, depth, owner)
      field.mapValueType = value.type
      if (value.messageType) field.messageType = value.messageType
    } finally {
      if (ref !== undefined) this.stack.pop()
    }
  }

  /** True (and the owner truncated) when a named schema is already on the path: following it again would loop. */
  private isOnPath(ref: string, owner: Owner): boolean {
    const onPath = this.stack.indexOf(ref)
    if (onPath < 0) return false
    this.cycleLow = Math.min(this.cycleLow, onPath)
    owner.truncated = true
    return true
  }

  /** The message for a nested object, or undefined when the depth cap or a cycle cuts it (owner is then truncated). */
  private nested(view: SchemaView, fieldName: string, depth: number, owner: Owner): MessageInfo | undefined {
    if (depth > this.options.maxDepth) {
      owner.truncated = true
      return undefined
    }
    if (!this.budget.fits(1)) return this.cut(owner)
    const ref = view.ref
    if (ref === undefined) return this.build(view, inlineName(view, fieldName), depth)
    if (this.isOnPath(ref, owner)) return undefined
    const key = `${ref}@${this.options.maxDepth - depth}@${Math.min(depth, this.options.maxDescribedDepth + 1)}`
    const cached = this.messages.get(key)
    if (cached) {
      const size = this.sizes.get(cached) ?? 0
      if (!this.budget.fits(size)) return this.cut(owner)
      this.budget.charge(size)
      return cached
    }
    const cutsBefore = this.cuts
    const index = this.stack.length
    const outerLow = this.cycleLow
    this.cycleLow = Number.POSITIVE_INFINITY
    this.stack.push(ref)
    const message = this.build(view, refName(ref), depth)
    this.stack.pop()
    if (this.cycleLow >= index && this.cuts === cutsBefore) this.messages.set(key, message)
    this.cycleLow = Math.min(outerLow, this.cycleLow)
    return message
  }

  private cut(owner: Owner): undefined {
    this.cuts++
    owner.truncated = true
    return undefined
  }

  private build(view: SchemaView, name: string, depth: number): MessageInfo {
    const owner: Owner = { truncated: false }
    return this.finish(name, this.objectFields(view, depth, owner), owner)
  }

  /** A message of already-charged fields; its own envelope is charged here and its full size remembered for reuse. */
  finish(name: string, fields: FieldInfo[], owner: Owner): MessageInfo {
    const message: MessageInfo = { name, fullName: name, fields }
    if (owner.truncated) message.truncated = true
    const envelope = 2 * name.length + 60
    this.budget.charge(envelope)
    let size = envelope
    for (const field of fields)
      size += fieldBytes(field) + (field.messageType ? (this.sizes.get(field.messageType) ?? 0) : 0)
    this.sizes.set(message, size)
    return message
  }
}

/** The serialised size of a field without its nested message: a close upper estimate, cheaper than stringifying. */
function fieldBytes(field: FieldInfo): number {
  let size = 150 + field.name.length
  if (field.description !== undefined) size += 20 + field.description.length
  if (field.example !== undefined) size += 12 + jsonLength(field.example)
  if (field.defaultValue !== undefined) size += 16 + jsonLength(field.defaultValue)
  if (field.format !== undefined) size += 12 + field.format.length
  if (field.wireName !== undefined) size += 14 + field.wireName.length
  if (field.enumValues) for (const value of field.enumValues) size += 24 + value.name.length
  return size
}

function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  if (typeof value !== 'object' || value === null) return 8
  return JSON.stringify(value).length
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
