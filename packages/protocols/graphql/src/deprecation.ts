/** GraphQL deprecations on wire-model fields and enum values: the flag, and the reason when the schema gives one. */
import type { GraphQLEnumType } from 'graphql'
import type { EnumValueInfo } from '@wirebench/core'

/** Marks `target` deprecated when `reason` is set (graphql-js gives `undefined`/`null` for a live element). */
export function applyDeprecation(
  target: { deprecated?: boolean; deprecationReason?: string },
  reason: string | null | undefined,
): void {
  if (reason === undefined || reason === null) return
  target.deprecated = true
  if (reason !== '') target.deprecationReason = reason
}

/** An enum's values in schema order, deprecated ones marked with their reasons. */
export function enumValuesOf(type: GraphQLEnumType): EnumValueInfo[] {
  return type.getValues().map((value, index) => {
    const info: EnumValueInfo = { name: value.name, number: index }
    applyDeprecation(info, value.deprecationReason)
    return info
  })
}
