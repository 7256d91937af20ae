/**
 * A form generated from a message's fields; protocol-specific looks (REST source colours) come in through `decorate`.
 * Keys of the value that fit no field are listed after the fields.
 */
import type { ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import type { DecorateField } from './form-decoration.js'
import { withKey, type JsonObject } from './field-value.js'
import { ExtraKeys, type ExtraKeysLabel } from './ExtraKeys.js'
import { FieldRow } from './FieldRow.js'
import { layoutFields } from './oneof-layout.js'
import { OneofGroup } from './OneofGroup.js'

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

export function FieldForm({
  fields,
  value,
  onChange,
  decorate,
  path = '',
  depth = 0,
  extraKeysLabel,
}: FieldFormProps): ReactElement {
  return (
    <div className={`field-form field-form-depth-${Math.min(depth, 3)}`}>
      {layoutFields(fields).map((item) => {
        if (item.kind === 'oneof') {
          return (
            <OneofGroup
              key={`oneof:${item.name}`}
              name={item.name}
              members={item.members}
              value={value}
              onChange={onChange}
              path={path}
              depth={depth}
              decorate={decorate}
            />
          )
        }
        const { field } = item
        const fieldPath = path ? `${path}.${field.name}` : field.name
        return (
          <FieldRow
            key={field.name}
            field={field}
            path={fieldPath}
            depth={depth}
            decoration={decorate?.(field, depth)}
            decorate={decorate}
            value={value[field.name]}
            onChange={(next) => onChange(withKey(value, field.name, next))}
          />
        )
      })}
      <ExtraKeys fields={fields} value={value} onChange={onChange} path={path} label={extraKeysLabel} />
    </div>
  )
}
