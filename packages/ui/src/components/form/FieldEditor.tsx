/** Chooses the editor for a field: nested message, repeated list, map, file, free JSON or a scalar input. */
import type { ReactElement } from 'react'
import { isJsonObject } from './field-value.js'
import { inputId } from './field-ids.js'
import { ItemEditor, type FieldEditorProps } from './ItemEditor.js'
import { JsonValueInput } from './JsonValueInput.js'
import { MapEditor } from './MapEditor.js'
import { RepeatedEditor } from './RepeatedEditor.js'

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
