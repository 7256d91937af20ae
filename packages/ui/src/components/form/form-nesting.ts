/**
 * The generated form is recursive (a message field holds a form of its own): the form root provides how a message's
 * fields are rendered, and the editor of a message field takes it from here, so files import only downwards.
 */
import { createContext, useContext, type ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import type { DecorateField } from './form-decoration.js'
import type { ExtraKeysLabel } from './ExtraKeys.js'
import type { JsonObject } from './field-value.js'

export interface FieldFormProps {
  fields: readonly FieldInfo[]
  value: JsonObject
  onChange: (value: JsonObject) => void
  decorate?: DecorateField
  /** Dotted path of this message inside the root one ('' at the root); used for ids and labels. */
  path?: string
  depth?: number
  /** How keys without a field are headed (GraphQL: variables the operation declares beyond the field's arguments). */
  extraKeysLabel?: ExtraKeysLabel
}

export type RenderNestedForm = (props: FieldFormProps) => ReactElement

export const NestedFormContext = createContext<RenderNestedForm | undefined>(undefined)

export function useNestedForm(): RenderNestedForm {
  const renderNestedForm = useContext(NestedFormContext)
  if (!renderNestedForm) throw new Error('A field editor was rendered outside a FieldForm.')
  return renderNestedForm
}
