/**
 * Request and response messages as canonical proto3 JSON (enums by name, 64-bit integers as strings, bytes as
 * base64, well-known types in their JSON forms, Any resolved through the target's registry; one it cannot resolve
 * stays type URL plus base64 bytes). A request that does not decode is refused with the path of the offending field.
 */
import { ScalarType, fromJson, toJson } from '@bufbuild/protobuf'
import type { DescField, DescMessage, JsonValue, Message, Registry } from '@bufbuild/protobuf'
import { WorkbenchError } from '@wirebench/core'
import { wellKnownJsonTypes } from './descriptors/well-known.js'
import { lenientJson } from './lenient-json.js'

export interface Codec {
  decode(desc: DescMessage, json: unknown, what: string): Message
  encode(desc: DescMessage, message: Message): JsonValue
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fieldFor(desc: DescMessage, key: string): DescField | undefined {
  return desc.fields.find((f) => f.jsonName === key || f.name === key)
}

/**
 * The UI's file inputs send `{filename, data}` for bytes fields (the REST multipart shape); proto3 JSON wants the
 * base64 string alone. Applied only after a first decode failed, so well-formed requests pay nothing.
 */
function unwrapFileValues(desc: DescMessage, json: unknown, depth = 0): unknown {
  if (!isObject(json) || depth > 64 || wellKnownJsonTypes.has(desc.typeName)) return json
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(json)) {
    const field = fieldFor(desc, key)
    const data = isObject(value) && typeof value.data === 'string' ? value.data : undefined
    if (!field) out[key] = value
    else if (field.fieldKind === 'scalar' && field.scalar === ScalarType.BYTES && data !== undefined) out[key] = data
    else if (field.fieldKind === 'message') out[key] = unwrapFileValues(field.message, value, depth + 1)
    else if (field.fieldKind === 'list' && field.listKind === 'message' && Array.isArray(value)) {
      out[key] = value.map((v) => unwrapFileValues(field.message, v, depth + 1))
    } else if (field.fieldKind === 'list' && field.listKind === 'scalar' && field.scalar === ScalarType.BYTES) {
      out[key] = Array.isArray(value)
        ? (value as unknown[]).map((v): unknown => (isObject(v) && typeof v.data === 'string' ? v.data : v))
        : value
    } else out[key] = value
  }
  return out
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const at = text.indexOf('from JSON')
  return (at >= 0 ? text.slice(at + 'from JSON'.length) : text).replace(/^[:\s]+/, '') || 'invalid value'
}

/** Finds the innermost field of `json` that does not decode, as a path like `items[2].point.x`. */
function locate(
  desc: DescMessage,
  json: unknown,
  path: string,
  registry: Registry,
): { path: string; reason: string } | undefined {
  const attempt = (value: unknown): unknown => {
    try {
      fromJson(desc, value as JsonValue, { registry })
      return undefined
    } catch (error) {
      return error
    }
  }
  const whole = attempt(json)
  if (whole === undefined) return undefined
  if (!isObject(json) || wellKnownJsonTypes.has(desc.typeName))
    return { path: path || '(message)', reason: reasonOf(whole) }
  for (const [key, value] of Object.entries(json)) {
    const at = path ? `${path}.${key}` : key
    const field = fieldFor(desc, key)
    if (!field) return { path: at, reason: `${desc.typeName} has no field "${key}"` }
    const failed = attempt({ [key]: value })
    if (failed === undefined) continue
    if (field.fieldKind === 'message')
      return locate(field.message, value, at, registry) ?? { path: at, reason: reasonOf(failed) }
    if (field.fieldKind === 'list' && field.listKind === 'message' && Array.isArray(value)) {
      for (const [i, item] of value.entries()) {
        const inner = locate(field.message, item, `${at}[${i}]`, registry)
        if (inner) return inner
      }
    }
    if (field.fieldKind === 'map' && field.mapKind === 'message' && isObject(value)) {
      for (const [k, item] of Object.entries(value)) {
        const inner = locate(field.message, item, `${at}[${JSON.stringify(k)}]`, registry)
        if (inner) return inner
      }
    }
    return { path: at, reason: enumReason(field, value) ?? reasonOf(failed) }
  }
  return { path: path || '(message)', reason: reasonOf(whole) }
}

/** How many allowed values a refusal of an enum value lists before it says "and N more". */
const listedEnumValues = 24

/** An enum field given a value that is none of its names or numbers: say which values it takes. */
function enumReason(field: DescField, value: unknown): string | undefined {
  const descEnum =
    field.fieldKind === 'enum'
      ? field.enum
      : field.fieldKind === 'list' && field.listKind === 'enum'
        ? field.enum
        : field.fieldKind === 'map' && field.mapKind === 'enum'
          ? field.enum
          : undefined
  if (descEnum === undefined) return undefined
  const names = descEnum.values.map((v) => v.name)
  const shown =
    names.length > listedEnumValues
      ? [...names.slice(0, listedEnumValues), `${names.length - listedEnumValues} more`]
      : names
  const given = Array.isArray(value) || isObject(value) ? 'a value' : JSON.stringify(value)
  return `${given} is not a value of ${descEnum.typeName}; it takes ${shown.join(', ')}`
}

export function createCodec(registry: Registry, options: { emitDefaultValues: boolean }): Codec {
  const readOptions = { registry }
  const writeOptions = { registry, alwaysEmitImplicit: options.emitDefaultValues }
  return {
    decode(desc, json, what) {
      const value = json === undefined || json === null ? {} : json
      try {
        return fromJson(desc, value as JsonValue, readOptions)
      } catch (first) {
        try {
          return fromJson(desc, unwrapFileValues(desc, value) as JsonValue, readOptions)
        } catch {
          const found = locate(desc, value, '', registry) ?? { path: '(message)', reason: reasonOf(first) }
          throw new WorkbenchError('invalid_request', `${what}: field ${found.path}: ${found.reason}.`, {
            hint: `Write the message as proto3 JSON of ${desc.typeName}: 64-bit integers as strings, enums by name, bytes as base64.`,
            details: { field: found.path, messageType: desc.typeName },
          })
        }
      }
    },
    encode(desc, message) {
      try {
        return toJson(desc, message, writeOptions)
      } catch {
        // An Any of a type the target's descriptors lack must not cost the reply every other field.
        return lenientJson(desc, message, writeOptions)
      }
    },
  }
}
