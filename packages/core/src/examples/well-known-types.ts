/**
 * Protobuf well-known types whose JSON form is not their field structure (Timestamp is an RFC 3339 string, Duration
 * `"1.5s"`, wrappers the bare value, Struct/Value/Any free JSON), recognised by the type's full name.
 */
import type { FieldInfo, FieldType } from '../model/wire.js'

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
