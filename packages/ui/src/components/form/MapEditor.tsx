/** A map field: key/value entries; keys are edited as text, values with the editor of the map's value type. */
import type { ReactElement } from 'react'
import { Icon } from '../Icon.js'
import { emptyItem, isJsonObject, itemField, withKey } from './field-value.js'
import { ItemEditor, type FieldEditorProps } from './FieldEditor.js'

export function MapEditor(props: FieldEditorProps): ReactElement {
  const { field, path, value, onChange } = props
  const object = isJsonObject(value) ? value : {}
  const entries = Object.entries(object)
  const item = itemField(field)
  const set = (next: Record<string, unknown>) => onChange(Object.keys(next).length ? next : undefined)
  const rename = (from: string, to: string) => {
    // Rebuild in order so the entry keeps its place while its key is edited.
    const next: Record<string, unknown> = {}
    for (const [k, v] of entries) Object.assign(next, withKey({}, k === from ? to : k, v))
    set(next)
  }
  const freshKey = () => {
    let n = entries.length + 1
    while (`key${n}` in object) n++
    return `key${n}`
  }
  return (
    <div className="map-editor" role="group" aria-label={props.label}>
      {entries.map(([key, entry], index) => (
        <div className="map-entry" key={index}>
          <input
            className="input mono map-key"
            value={key}
            aria-label={`${path} key ${index}`}
            onChange={(e) => rename(key, e.target.value)}
          />
          <div className="repeated-editor">
            <ItemEditor
              {...props}
              field={item}
              path={`${path}.${key}`}
              label={`${path}.${key}`}
              value={entry}
              onChange={(next) => set(withKey(object, key, next ?? emptyItem(item)))}
            />
          </div>
          <button
            type="button"
            className="icon-btn"
            aria-label={`Remove ${path}.${key}`}
            onClick={() => set(withKey(object, key, undefined))}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-ghost add-item"
        onClick={() => set(withKey(object, freshKey(), emptyItem(item)))}
      >
        <Icon name="plus" size={14} /> Add entry
      </button>
    </div>
  )
}
