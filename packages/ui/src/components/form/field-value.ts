/** Pure helpers over form values: the message is a plain JSON object, and an absent key means "not sent". */
import { escapeTemplate, isIntegerType, isNumericType } from '@wirebench/core'
import type { FieldInfo, FieldType } from '@wirebench/core'

/** The `format` of a field that is a whole text body (set by the request editor for text media types). */
export const TEXT_BODY_FORMAT = 'text-body'

export function isTextBodyField(field: FieldInfo): boolean {
  return field.format === TEXT_BODY_FORMAT && field.type === 'string' && !field.isRepeated
}

export { is64BitIntegerType, isIntegerType, isNumericType } from '@wirebench/core'

export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A copy of `object` with `key` set, or removed when `value` is undefined (own keys only: no prototype writes). A key
 * it already has keeps its place: the message is saved and sent in the order its keys were typed.
 */
export function withKey(object: JsonObject, key: string, value: unknown): JsonObject {
  const next: JsonObject = {}
  let isSet = false
  for (const [k, v] of Object.entries(object)) {
    if (k !== key) Object.defineProperty(next, k, entry(v))
    else if (value !== undefined) {
      Object.defineProperty(next, key, entry(value))
      isSet = true
    }
  }
  if (value !== undefined && !isSet) Object.defineProperty(next, key, entry(value))
  return next
}

function entry(value: unknown): PropertyDescriptor {
  return { value, enumerable: true, writable: true, configurable: true }
}

export type ParsedNumber = { ok: true; value: number | string | undefined } | { ok: false }

/**
 * Parses what the user typed into a number field. 64-bit integers beyond 2^53 stay strings (proto3 JSON allows both),
 * so no digit is lost on the way to the server.
 */
export function parseNumber(type: FieldType, text: string): ParsedNumber {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, value: undefined }
  if (isIntegerType(type)) {
    if (!/^-?\d+$/.test(trimmed)) return { ok: false }
    const n = Number(trimmed)
    return { ok: true, value: Number.isSafeInteger(n) ? n : trimmed }
  }
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed) && !/^(-?Infinity|NaN)$/.test(trimmed)) return { ok: false }
  const n = Number(trimmed)
  return { ok: true, value: Number.isFinite(n) ? n : trimmed }
}

/** A short type description for the field label (`int64[]`, `map<string, Pet>`, `file`; proto3 bytes stay `bytes`). */
export function describeType(field: FieldInfo, flavor: 'json' | 'proto3' = 'json'): string {
  if (field.isBinary && flavor === 'json') return 'file'
  let base: string = field.type
  if (field.type === 'message') base = field.messageType?.name ?? 'object'
  if (field.type === 'enum') base = 'enum'
  if (field.format && field.type === 'string')
    base = field.format === TEXT_BODY_FORMAT ? 'text' : `string · ${field.format}`
  if (field.isMap)
    return `map<${field.mapKeyType ?? 'string'}, ${field.mapValueType === 'message' ? (field.messageType?.name ?? 'object') : (field.mapValueType ?? 'string')}>`
  return field.isRepeated ? `${base}[]` : base
}

/** The field an item of a repeated or map field is edited as (same type, not repeated). */
export function itemField(field: FieldInfo): FieldInfo {
  if (field.isMap) {
    const type = field.mapValueType ?? (field.messageType ? 'message' : 'string')
    return { ...field, type, isMap: false, isRepeated: false, label: 'optional', required: false }
  }
  return { ...field, isRepeated: false, label: 'optional', required: false }
}

/** A starting value for a new repeated item or map entry. */
export function emptyItem(field: FieldInfo): unknown {
  if (field.type === 'message') return {}
  if (field.type === 'bool') return false
  if (isNumericType(field.type)) return 0
  // Enum names come from the document: escaped, so a name can never pull a variable into the call.
  if (field.type === 'enum') return escapeTemplate(field.enumValues?.[0]?.name ?? '')
  return ''
}

export function placeholderFor(field: FieldInfo): string | undefined {
  const sample = field.example ?? field.defaultValue
  if (sample === undefined || sample === null) return field.format
  return typeof sample === 'string' ? sample : JSON.stringify(sample)
}

/** Standard or URL-safe base64, padding optional (proto3 JSON parsers accept both). */
export function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/_-]*={0,2}$/.test(text) && text.replace(/=+$/, '').length % 4 !== 1
}
