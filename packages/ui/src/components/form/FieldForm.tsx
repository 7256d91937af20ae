/**
 * A form generated from a message's fields; protocol-specific looks (REST source colours) come in through `decorate`.
 * Keys of the value that fit no field are listed after the fields.
 */
import type { ReactElement } from 'react'
import { withKey } from './field-value.js'
import { ExtraKeys } from './ExtraKeys.js'
import { FieldRow } from './FieldRow.js'
import { NestedFormContext, type FieldFormProps } from './form-nesting.js'
import { layoutFields } from './oneof-layout.js'
import { OneofGroup } from './OneofGroup.js'

/** The form root: it hands its body down to the editors of nested messages, so they need not import this file. */
export function FieldForm(props: FieldFormProps): ReactElement {
  return (
    <NestedFormContext.Provider value={renderNestedForm}>
      <FieldFormBody {...props} />
    </NestedFormContext.Provider>
  )
}

const renderNestedForm = (props: FieldFormProps): ReactElement => <FieldFormBody {...props} />

function FieldFormBody({
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
