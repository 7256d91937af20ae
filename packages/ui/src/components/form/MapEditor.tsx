/** A map field: key/value entries; keys are edited as text, values with the editor of the map's value type. */
import { useState, type ReactElement } from 'react'
import { Icon } from '../Icon.js'
import { emptyItem, isJsonObject, itemField, withKey } from './field-value.js'
import { ItemEditor, type FieldEditorProps } from './ItemEditor.js'
import { useFormPending } from './form-pending.js'

export function MapEditor(props: FieldEditorProps): ReactElement {
  const { field, path, value, onChange } = props
  const object = isJsonObject(value) ? value : {}
  const entries = Object.entries(object)
  const item = itemField(field)
  const pending = useFormPending()
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
          <MapKeyInput
            entryKey={key}
            otherKeys={entries.map(([k]) => k).filter((k) => k !== key)}
            label={`${path} key ${index}`}
            onRename={(to) => rename(key, to)}
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
            onClick={() => {
              pending?.set(`${path} key ${index}`, undefined)
              set(withKey(object, key, undefined))
            }}
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

interface MapKeyInputProps {
  entryKey: string
  otherKeys: readonly string[]
  label: string
  onRename: (to: string) => void
}

/**
 * A map entry's key. A key another entry has would overwrite that entry: it stays in the input, named, and Send
 * waits until it is unique, instead of one of the two values being dropped.
 */
function MapKeyInput({ entryKey, otherKeys, label, onRename }: MapKeyInputProps): ReactElement {
  const pending = useFormPending()
  // A taken key typed before the form was last shown is still in the draft's pending texts.
  const [text, setText] = useState(() => pending?.get(label)?.text ?? entryKey)
  const [seen, setSeen] = useState(entryKey)
  if (seen !== entryKey) {
    setSeen(entryKey)
    setText(entryKey)
  }
  const isTaken = text !== entryKey && otherKeys.includes(text)
  return (
    <span className="map-key-wrap">
      <input
        className="input mono map-key"
        value={text}
        aria-label={label}
        aria-invalid={isTaken || undefined}
        onChange={(e) => {
          const next = e.target.value
          setText(next)
          const taken = next !== entryKey && otherKeys.includes(next)
          pending?.set(label, taken ? { text: next, message: `the key "${next}" is used by another entry` } : undefined)
          if (!taken) onRename(next)
        }}
      />
      {isTaken && <span className="field-error">Used by another entry</span>}
    </span>
  )
}
