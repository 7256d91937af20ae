/**
 * Builds a starting message from a method's fields: the document's examples and defaults first (made literal: `${`
 * in them is escaped, so a document can never pull a variable into a call), plausible samples by format, name and
 * type for the rest, kept to the lengths a description states (a digest's bytes, "3 to 32 characters"). Protocols
 * with `required` fill required fields and hinted ones; proto3, which has no required fields, fills every field (one
 * member per oneof) down to depth 4.
 */
import type { FieldInfo } from '../model/wire.js'
import { escapeTemplate, escapeTemplatesDeep } from '../variables/substitute.js'
import type { ExampleFlavor } from './example-flavor.js'
import { numberSample, textSample, wellKnownSamples } from './example-samples.js'
import { isNumericType } from './field-kinds.js'
import { layoutFields } from './oneof-layout.js'
import { digestSample, fitLength, statedLength } from './stated-constraints.js'
import { unwrappedField, wellKnownKind, wellKnownName } from './well-known-types.js'

type JsonObject = Record<string, unknown>

/** Nested messages deeper than this are left out (recursive schemas would never end). */
const MAX_DEPTH = 4

export interface ExampleOptions {
  flavor?: ExampleFlavor
  /** Fill every field, not only required and hinted ones (proto3 has no `required`). Defaults to proto3's flavor. */
  fillAll?: boolean
}

interface Context {
  flavor: ExampleFlavor
  fillAll: boolean
}

function sampleFor(field: FieldInfo, depth: number, ctx: Context): unknown {
  const hint = field.example ?? field.defaultValue
  if (hint !== undefined && hint !== null) return escapeTemplatesDeep(hint)
  return typedSample(field, depth, ctx)
}

const jsonSamples: Record<string, unknown> = { Struct: {}, ListValue: [], Value: 'example' }

function typedSample(field: FieldInfo, depth: number, ctx: Context): unknown {
  switch (wellKnownKind(field)) {
    case 'timestamp':
      return wellKnownSamples.timestamp
    case 'duration':
      return wellKnownSamples.duration
    case 'wrapper':
      return typedSample(unwrappedField(field), depth, ctx)
    case 'empty':
      return {}
    case 'json':
      // Any needs an `@type` the form cannot know; Struct, Value and ListValue take plain JSON.
      return jsonSamples[wellKnownName(field) ?? '']
    case 'field-mask':
      return undefined
    case undefined:
      break
  }
  if (field.type === 'bytes' || field.isBinary) {
    return ctx.flavor === 'proto3' ? (digestSample(field) ?? wellKnownSamples.bytes) : undefined
  }
  if (field.type === 'message') {
    if (!field.messageType || field.messageType.truncated || depth >= MAX_DEPTH) return undefined
    if (field.messageType.fields.length === 0) return {}
    return fill(field.messageType.fields, depth + 1, ctx)
  }
  if (field.type === 'enum') return enumSample(field, ctx)
  if (field.type === 'bool') return true
  if (isNumericType(field.type)) return numberSample(field, ctx.flavor)
  if (field.type === 'json') return field.format ? jsonScalarSample(field) : {}
  // A length the description states ("3 to 32 characters") is one a server checks: the sample keeps to it.
  return fitLength(textSample(field, ctx.flavor), statedLength(field.description))
}

/** The first value; proto3's zero `…_UNSPECIFIED` means "not set", so the first real one when there is one. */
function enumSample(field: FieldInfo, ctx: Context): string | undefined {
  const values = field.enumValues ?? []
  const chosen =
    ctx.flavor === 'proto3'
      ? (values.find((v) => !(v.number === 0 && /(^|_)(UNSPECIFIED|UNKNOWN)$/.test(v.name))) ?? values[0])
      : values[0]
  return chosen ? escapeTemplate(chosen.name) : undefined
}

/** Custom GraphQL scalars arrive as `json` named by `format`: date-like and text-like names get text samples. */
function jsonScalarSample(field: FieldInfo): unknown {
  const name = field.format ?? ''
  if (/^(json|jsonobject|object|map)$/i.test(name)) return {}
  if (/int|long|number|float|decimal/i.test(name)) return 1
  return textSample({ name: field.name, format: name })
}

function mapKeySample(field: FieldInfo): string {
  if (field.mapKeyType === 'bool') return 'true'
  return field.mapKeyType && isNumericType(field.mapKeyType) ? '1' : 'key'
}

function fill(fields: readonly FieldInfo[], depth: number, ctx: Context): JsonObject {
  const message: JsonObject = {}
  for (const item of layoutFields(fields)) {
    // A oneof carries one member: the first one that yields a value.
    const candidates = item.kind === 'oneof' ? item.members : [item.field]
    for (const field of candidates) {
      const value = fieldValue(field, depth, ctx)
      if (value === undefined) continue
      Object.defineProperty(message, field.name, { value, enumerable: true, writable: true, configurable: true })
      break
    }
  }
  return message
}

function fieldValue(field: FieldInfo, depth: number, ctx: Context): unknown {
  const hasHint = field.example !== undefined || field.defaultValue !== undefined
  if (!ctx.fillAll && !field.required && !hasHint) return undefined
  if (field.deprecated && !field.required) return undefined
  if (field.isMap) {
    if (hasHint) {
      const hint = sampleFor(field, depth, ctx)
      return typeof hint === 'object' && hint !== null && !Array.isArray(hint) ? hint : undefined
    }
    const value = typedSample(valueFieldOf(field), depth, ctx)
    return value === undefined ? undefined : Object.fromEntries([[mapKeySample(field), value]])
  }
  const item = sampleFor(field, depth, ctx)
  if (item === undefined) return undefined
  return field.isRepeated && !Array.isArray(item) ? [item] : item
}

function valueFieldOf(field: FieldInfo): FieldInfo {
  const type = field.mapValueType ?? (field.messageType ? 'message' : 'string')
  return { ...field, type, isMap: false, isRepeated: false }
}

export function exampleMessage(fields: readonly FieldInfo[], options: ExampleOptions = {}): JsonObject {
  const flavor = options.flavor ?? 'json'
  return fill(fields, 0, { flavor, fillAll: options.fillAll ?? flavor === 'proto3' })
}
