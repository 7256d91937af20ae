/**
 * Keys of a message the form has no field for (a JSON tab edit, a pasted body): the form lists them instead of hiding
 * them, and the JSON tab never calls such a message "in sync with the form".
 */
import type { FieldInfo } from '@wirebench/core'
import { isJsonObject, type JsonObject } from './field-value.js'

/** The keys of `value` that name none of `fields`, in the order they were written. */
export function extraKeys(fields: readonly FieldInfo[], value: JsonObject): string[] {
  const names = new Set(fields.map((f) => f.name))
  return Object.keys(value).filter((key) => !names.has(key))
}

/** Every key the form cannot show, at any depth, as a dotted path (`extra`, `address.zip`, `items[2].note`). */
export function unshownKeys(fields: readonly FieldInfo[], value: JsonObject, path = ''): string[] {
  const at = (key: string) => (path ? `${path}.${key}` : key)
  const found = extraKeys(fields, value).map(at)
  for (const field of fields) {
    const nested = field.messageType?.fields
    const child = value[field.name]
    if (field.type !== 'message' || field.isMap || !nested?.length || child === undefined) continue
    if (field.isRepeated && Array.isArray(child)) {
      child.forEach((item, index) => {
        if (isJsonObject(item)) found.push(...unshownKeys(nested, item, `${at(field.name)}[${index}]`))
      })
    } else if (isJsonObject(child)) found.push(...unshownKeys(nested, child, at(field.name)))
  }
  return found
}
