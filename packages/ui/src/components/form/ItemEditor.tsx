/** The editor of a single (non-repeated) value of a field's type: nested message, file, free JSON or a scalar input. */
import type { ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import type { DecorateField } from './form-decoration.js'
import { isJsonObject, isTextBodyField, placeholderFor } from './field-value.js'
import { inputId } from './field-ids.js'
import { FileInput } from './FileInput.js'
import { JsonValueInput } from './JsonValueInput.js'
import { ScalarInput } from './ScalarInput.js'
import { BytesInput } from './BytesInput.js'
import { TextBodyInput } from './TextBodyInput.js'
import { useFormFlavor } from './form-flavor.js'
import { useNestedForm } from './form-nesting.js'
import { wellKnownKind } from './well-known.js'
import { WellKnownInput } from './WellKnownInput.js'

export interface FieldEditorProps {
  field: FieldInfo
  path: string
  depth: number
  value: unknown
  onChange: (value: unknown) => void
  decorate: DecorateField | undefined
  label: string
}

/** The editor of a single (non-repeated) value of the field's type. */
export function ItemEditor({ field, path, depth, value, onChange, decorate, label }: FieldEditorProps): ReactElement {
  const id = inputId(path)
  const flavor = useFormFlavor()
  const renderNestedForm = useNestedForm()
  const wellKnown = wellKnownKind(field)
  if (wellKnown) {
    return (
      <WellKnownInput
        kind={wellKnown}
        field={field}
        id={id}
        path={path}
        label={label}
        value={value}
        onChange={onChange}
      />
    )
  }
  // proto3 JSON carries bytes as plain base64; REST file fields are `{filename, data}` parts.
  if (flavor === 'proto3' && (field.isBinary || field.type === 'bytes')) {
    return <BytesInput id={id} label={label} value={value} onChange={onChange} />
  }
  if (field.isBinary) return <FileInput id={id} label={label} value={value} onChange={onChange} />
  if (field.type === 'message') {
    const fields = field.messageType?.fields ?? []
    // Messages cut at the recursion cap (or free-form objects), and values that are no object, are edited as JSON.
    if (fields.length === 0 || field.messageType?.truncated || (value !== undefined && !isJsonObject(value))) {
      return <JsonValueInput id={id} path={path} label={label} value={value} onChange={onChange} />
    }
    return (
      <div className="nested-message" id={id} role="group" aria-label={label}>
        {renderNestedForm({
          fields,
          value: isJsonObject(value) ? value : {},
          onChange: (next) => onChange(Object.keys(next).length ? next : undefined),
          decorate,
          path,
          depth: depth + 1,
        })}
      </div>
    )
  }
  if (isTextBodyField(field)) {
    return <TextBodyInput id={id} label={label} value={value} onChange={onChange} placeholder={placeholderFor(field)} />
  }
  if (field.type === 'json') {
    return <JsonValueInput id={id} path={path} label={label} value={value} onChange={onChange} />
  }
  return <ScalarInput id={id} label={label} field={field} value={value} onChange={onChange} />
}
