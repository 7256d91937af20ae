/** A repeated field: an ordered list of items of the field's type, each removable, with an "add" button. */
import type { ReactElement } from 'react'
import { Icon } from '../Icon.js'
import { emptyItem, itemField } from './field-value.js'
import { ItemEditor, type FieldEditorProps } from './ItemEditor.js'

export function RepeatedEditor(props: FieldEditorProps): ReactElement {
  const { field, path, value, onChange } = props
  const items = Array.isArray(value) ? (value as unknown[]) : []
  const item = itemField(field)
  const set = (next: unknown[]) => onChange(next.length ? next : undefined)
  return (
    <div className="repeated" role="group" aria-label={props.label}>
      {items.map((entry, index) => (
        <div className="repeated-item" key={index}>
          <span className="repeated-index mono">{index}</span>
          <div className="repeated-editor">
            <ItemEditor
              {...props}
              field={item}
              path={`${path}[${index}]`}
              label={`${path}[${index}]`}
              value={entry}
              onChange={(next) => set(items.map((v, i) => (i === index ? (next ?? emptyItem(item)) : v)))}
            />
          </div>
          <button
            type="button"
            className="icon-btn"
            aria-label={`Remove ${path}[${index}]`}
            onClick={() => set(items.filter((_, i) => i !== index))}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-ghost add-item" onClick={() => set([...items, emptyItem(item)])}>
        <Icon name="plus" size={14} /> Add {field.name} item
      </button>
    </div>
  )
}
