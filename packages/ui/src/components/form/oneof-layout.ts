/** Lays out a message's fields for the form: plain fields in order, and each protobuf oneof as one group where its first member stands. */
import type { FieldInfo } from '@wirebench/core'

export { layoutFields } from '@wirebench/core'
export type { FieldLayoutItem as FormItem } from '@wirebench/core'

/** The member of a oneof that currently holds a value (the first one, should several). */
export function chosenMember(members: readonly FieldInfo[], value: Record<string, unknown>): FieldInfo | undefined {
  return members.find((m) => Object.prototype.hasOwnProperty.call(value, m.name) && value[m.name] !== undefined)
}
