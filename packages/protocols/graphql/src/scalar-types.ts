/** The built-in GraphQL scalars as wire-model field types; any other (custom) scalar stays `json` named by `format`. */
import type { FieldInfo, FieldType } from '@wirebench/core'

const scalarTypes: Record<string, { type: FieldType; format?: string }> = {
  String: { type: 'string' },
  ID: { type: 'string', format: 'id' },
  Int: { type: 'int32' },
  Float: { type: 'double' },
  Boolean: { type: 'bool' },
}

/** Types `field` (whose type is `json` until now) as the scalar `name`. */
export function applyScalar(field: FieldInfo, name: string): void {
  const scalar = scalarTypes[name]
  if (!scalar) {
    field.format = name
    return
  }
  field.type = scalar.type
  if (scalar.format) field.format = scalar.format
}
