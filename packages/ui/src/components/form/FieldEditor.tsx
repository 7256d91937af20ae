/** Chooses the editor for a field: nested message, repeated list, map, file, free JSON or a scalar input. */
import type { ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import type { DecorateField } from './form-decoration.js'
import { isJsonObject, isTextBodyField, placeholderFor } from './field-value.js'
import { FieldForm } from './FieldForm.js'
import { inputId } from './FieldRow.js'
import { FileInput } from './FileInput.js'
import { JsonValueInput } from './JsonValueInput.js'
import { MapEditor } from './MapEditor.js'
import { RepeatedEditor } from './RepeatedEditor.js'
import { ScalarInput } from './ScalarInput.js'
import { BytesInput } from './BytesInput.js'
import { TextBodyInput } from './TextBodyInput.js'
import { useFormFlavor } from './form-flavor.js'
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

export function FieldEditor(props: FieldEditorProps): ReactElement {
  const { field, value } = props
  // A value of the wrong shape (a string where a list goes, from the JSON editor) is shown as JSON, never hidden.
  if (field.isMap) return value === undefined || isJsonObject(value) ? <MapEditor {...props} /> : <AsJson {...props} />
  if (field.isRepeated)
    return value === undefined || Array.isArray(value) ? <RepeatedEditor {...props} /> : <AsJson {...props} />
  return <ItemEditor {...props} />
}

function AsJson({ path, value, onChange, label }: FieldEditorProps): ReactElement {
  return <JsonValueInput id={inputId(path)} path={path} label={label} value={value} onChange={onChange} />
}

/** The editor of a single (non-repeated) value of the field's type. */
export function ItemEditor({ field, path, depth, value, onChange, decorate, label }: FieldEditorProps): ReactElement {
  const id = inputId(path)
  const flavor = useFormFlavor()
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
        <FieldForm
          fields={fields}
          value={isJsonObject(value) ? value : {}}
          onChange={(next) => onChange(Object.keys(next).length ? next : undefined)}
          decorate={decorate}
          path={path}
          depth={depth + 1}
        />
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
