/**
 * Protobuf well-known types whose JSON form is not their field structure (Timestamp is an RFC 3339 string, Duration
 * `"1.5s"`, wrappers the bare value, Struct/Value/Any free JSON), recognised by the type's full name.
 */
import type { FieldInfo, FieldType } from '@wirebench/core'

export type WellKnownKind = 'timestamp' | 'duration' | 'wrapper' | 'json' | 'empty' | 'field-mask'

const wrappers: Record<string, FieldType> = {
  DoubleValue: 'double',
  FloatValue: 'float',
  Int64Value: 'int64',
  UInt64Value: 'uint64',
  Int32Value: 'int32',
  UInt32Value: 'uint32',
  BoolValue: 'bool',
  StringValue: 'string',
  BytesValue: 'bytes',
}

const kinds: Record<string, WellKnownKind> = {
  Timestamp: 'timestamp',
  Duration: 'duration',
  Struct: 'json',
  Value: 'json',
  ListValue: 'json',
  Any: 'json',
  Empty: 'empty',
  FieldMask: 'field-mask',
}

const PREFIX = 'google.protobuf.'

/** The well-known type's short name (`Timestamp`), from the plugin's `format` mark or the message's full name. */
export function wellKnownName(field: FieldInfo): string | undefined {
  for (const candidate of [field.format, field.messageType?.fullName]) {
    const name = candidate?.replace(/^\./, '')
    if (name?.startsWith(PREFIX)) {
      const short = name.slice(PREFIX.length)
      if (short in kinds || short in wrappers) return short
    }
  }
  return undefined
}

export function wellKnownKind(field: FieldInfo): WellKnownKind | undefined {
  const name = wellKnownName(field)
  if (!name) return undefined
  return name in wrappers ? 'wrapper' : kinds[name]
}

/** The field a wrapper is edited as: its wrapped scalar. */
export function unwrappedField(field: FieldInfo): FieldInfo {
  const type = wrappers[wellKnownName(field) ?? ''] ?? 'string'
  const { messageType: _messageType, format: _format, ...rest } = field
  return { ...rest, type, isBinary: type === 'bytes' }
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i

/** Null when `text` is a valid proto3 JSON Timestamp, else what is wrong. */
export function timestampProblem(text: string): string | null {
  if (!RFC3339.test(text)) return 'Use RFC 3339, e.g. 2024-05-01T12:00:00Z'
  return Number.isNaN(Date.parse(text.replace(/(\.\d{3})\d+/, '$1'))) ? 'Not a real date and time' : null
}

/** Null when `text` is a valid proto3 JSON Duration (`"1.5s"`, `"-3s"`), else what is wrong. */
export function durationProblem(text: string): string | null {
  return /^-?\d{1,12}(\.\d{1,9})?s$/.test(text) ? null : 'Seconds with an "s", e.g. 1.5s or 300s'
}
