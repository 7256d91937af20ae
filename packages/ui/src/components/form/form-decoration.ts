/** How a protocol decorates the generic form: an accent colour and a tag per field (REST: where the field travels). */
import type { FieldInfo } from '@wirebench/core'

export interface FieldDecoration {
  /** A CSS colour (usually a `var(--…)`) for the field's left rule and tag. */
  accent?: string
  tag?: string
  tagTitle?: string
}

export type DecorateField = (field: FieldInfo, depth: number) => FieldDecoration | undefined
