/** A FieldInfo with plain defaults, for form tests: pass only what the test is about. */
import type { FieldInfo } from '@wirebench/core'

export const field = (patch: Partial<FieldInfo>): FieldInfo => ({
  name: 'f',
  number: 1,
  type: 'string',
  label: 'optional',
  isRepeated: false,
  isMap: false,
  required: false,
  isBinary: false,
  ...patch,
})
