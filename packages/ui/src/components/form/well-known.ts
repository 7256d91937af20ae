/**
 * Protobuf well-known types in the form: which they are (core's, shared with the example generator) and the checks of
 * what the user types into a Timestamp or Duration field.
 */
export { unwrappedField, wellKnownKind, wellKnownName } from '@wirebench/core'
export type { WellKnownKind } from '@wirebench/core'

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
