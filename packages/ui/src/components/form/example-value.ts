/** Builds a starting message from a method's fields: spec examples and defaults first, type-shaped samples for the rest. */
import type { FieldInfo } from '@wirebench/core'
import { isNumericType, type JsonObject } from './field-value.js'

/** Nested messages deeper than this are left out (recursive schemas would never end). */
const MAX_DEPTH = 4

const formatSamples: Record<string, string> = {
  'date-time': new Date(0).toISOString(),
  date: '1970-01-01',
  email: 'user@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  uri: 'https://example.com',
  url: 'https://example.com',
}

function sampleFor(field: FieldInfo, depth: number): unknown {
  if (field.example !== undefined && field.example !== null) return field.example
  if (field.defaultValue !== undefined && field.defaultValue !== null) return field.defaultValue
  if (field.isBinary) return undefined
  if (field.type === 'message') {
    if (!field.messageType || field.messageType.truncated || depth >= MAX_DEPTH) return undefined
    return exampleMessage(field.messageType.fields, depth + 1)
  }
  if (field.type === 'enum') return field.enumValues?.[0]?.name
  if (field.type === 'bool') return false
  if (isNumericType(field.type)) return 0
  if (field.type === 'json') return {}
  return (field.format && formatSamples[field.format]) ?? field.name
}

/**
 * Fills required fields and every field the spec gives an example or default for; optional fields without one stay
 * empty so the call sends only what the user can see was chosen for them.
 */
export function exampleMessage(fields: readonly FieldInfo[], depth = 0): JsonObject {
  const message: JsonObject = {}
  for (const field of fields) {
    const hasHint = field.example !== undefined || field.defaultValue !== undefined
    if (!field.required && !hasHint) continue
    if (field.deprecated && !field.required) continue
    const item = sampleFor(field, depth)
    if (item === undefined) continue
    const value = field.isRepeated && !Array.isArray(item) ? [item] : item
    if (field.isMap && (typeof value !== 'object' || value === null)) continue
    Object.defineProperty(message, field.name, { value, enumerable: true, writable: true, configurable: true })
  }
  return message
}
