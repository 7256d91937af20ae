/**
 * Proto3 JSON of a message that protobuf-es cannot write whole: an `Any` of a type the registry does not know (or
 * whose bytes do not decode) becomes `{"@type", "value": <base64>}` in place, like an unknown error detail, and every
 * other field is written as usual. Only reached after the strict writer failed, so well-formed replies pay nothing.
 */
import { clearField, clone, toJson } from '@bufbuild/protobuf'
import type { DescField, DescMessage, JsonObject, JsonValue, JsonWriteOptions, Message } from '@bufbuild/protobuf'
import { anyUnpack, hasCustomJsonRepresentation } from '@bufbuild/protobuf/wkt'
import type { Any } from '@bufbuild/protobuf/wkt'

type WriteOptions = Partial<JsonWriteOptions>

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

type Attempt = { ok: true; json: JsonValue } | { ok: false; error: unknown }

function attempt(desc: DescMessage, message: Message, options: WriteOptions): Attempt {
  try {
    return { ok: true, json: toJson(desc, message, options) }
  } catch (error) {
    return { ok: false, error }
  }
}

/** The value a field holds on the message (a oneof member only when it is the selected case). */
function fieldValue(message: Message, field: DescField): unknown {
  const record = message as unknown as Record<string, unknown>
  if (field.oneof) {
    const group = record[field.oneof.localName] as { case?: string; value?: unknown } | undefined
    return group?.case === field.localName ? group.value : undefined
  }
  return record[field.localName]
}

function anyJson(any: Any, options: WriteOptions): JsonValue {
  const raw = { '@type': any.typeUrl, value: base64(any.value) }
  const registry = options.registry
  let inner: Message | undefined
  try {
    inner = registry ? anyUnpack(any, registry) : undefined
  } catch {
    // Bytes that do not decode as the named type are shown raw, like an unknown type.
    return raw
  }
  const desc = inner && registry?.getMessage(inner.$typeName)
  if (!inner || !desc) return raw
  const json = lenientJson(desc, inner, options)
  const isObject = typeof json === 'object' && json !== null && !Array.isArray(json)
  return hasCustomJsonRepresentation(desc) || !isObject
    ? { '@type': any.typeUrl, value: json }
    : { '@type': any.typeUrl, ...json }
}

/** The message type a field holds (singly, as list items or as map values), if any. */
function messageOf(field: DescField): DescMessage | undefined {
  switch (field.fieldKind) {
    case 'message':
      return field.message
    case 'list':
      return field.listKind === 'message' ? field.message : undefined
    case 'map':
      return field.mapKind === 'message' ? field.message : undefined
    case 'scalar':
    case 'enum':
      return undefined
  }
}

/** The messages a field holds, each once. */
function itemsOf(field: DescField, value: unknown): unknown[] {
  if (field.fieldKind === 'list') return value as unknown[]
  if (field.fieldKind === 'map') return Object.values(value as Record<string, unknown>)
  return [value]
}

/** A field's JSON when the strict writer refused it: lists and maps element by element. */
function fieldJson(field: DescField, desc: DescMessage, value: unknown, options: WriteOptions): JsonValue {
  const one = (item: unknown): JsonValue => lenientJson(desc, item as Message, options)
  if (field.fieldKind === 'list') return (value as unknown[]).map(one)
  if (field.fieldKind === 'map') {
    const out: JsonObject = {}
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = one(item)
    return out
  }
  return one(value)
}

/** Writes `message` as proto3 JSON, replacing only the parts the strict writer cannot write. */
export function lenientJson(desc: DescMessage, message: Message, options: WriteOptions): JsonValue {
  const strict = attempt(desc, message, options)
  if (strict.ok) return strict.json
  if (desc.typeName === 'google.protobuf.Any') return anyJson(message as Any, options)
  // A well-known type outside its JSON range (a Timestamp past year 9999): said at this field only.
  if (hasCustomJsonRepresentation(desc)) return { '@error': reasonOf(strict.error) }
  // The fields that fail are cleared on a copy, the rest written strictly, then the failed ones written leniently
  // in their places (field-number order, as the strict writer orders them).
  const copy = clone(desc, message)
  const failed = new Map<DescField, { desc: DescMessage; value: unknown }>()
  for (const field of desc.fields) {
    const held = messageOf(field)
    const value = fieldValue(message, field)
    if (held === undefined || value === undefined) continue
    if (itemsOf(field, value).every((item) => attempt(held, item as Message, options).ok)) continue
    failed.set(field, { desc: held, value })
    clearField(copy, field)
  }
  const base = toJson(desc, copy, options)
  if (failed.size === 0 || typeof base !== 'object' || base === null || Array.isArray(base)) return base
  const out: JsonObject = {}
  const key = (field: DescField): string => (options.useProtoFieldName ? field.name : field.jsonName)
  for (const field of [...desc.fields].sort((a, b) => a.number - b.number)) {
    const failure = failed.get(field)
    if (failure) out[key(field)] = fieldJson(field, failure.desc, failure.value, options)
    else if (key(field) in base) out[key(field)] = base[key(field)] as JsonValue
  }
  // Extensions and anything else the strict writer added keep their place after the fields.
  for (const [name, value] of Object.entries(base)) if (!(name in out)) out[name] = value
  return out
}
