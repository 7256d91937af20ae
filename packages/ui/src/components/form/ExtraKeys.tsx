/**
 * The keys of a message that fit no field of the form, listed after its fields with their values: they go out as
 * written, so the form shows them and lets each be removed (the JSON tab edits them).
 */
import type { ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import { Icon } from '../Icon.js'
import { extraKeys } from './extra-keys.js'
import { withKey, type JsonObject } from './field-value.js'

export interface ExtraKeysProps {
  fields: readonly FieldInfo[]
  value: JsonObject
  onChange: (value: JsonObject) => void
  path: string
  /** How the list is headed; by default as keys the schema does not have. */
  label?: ExtraKeysLabel
}

export interface ExtraKeysLabel {
  name: string
  type: string
  description: string
}

const SCHEMA_EXTRAS: ExtraKeysLabel = {
  name: 'Extra keys',
  type: 'not in the schema',
  description:
    'The form has no field for these; they are sent as written. Edit them in the JSON tab, or remove them here.',
}

const PREVIEW_CHARS = 80

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text
}

export function ExtraKeys({
  fields,
  value,
  onChange,
  path,
  label = SCHEMA_EXTRAS,
}: ExtraKeysProps): ReactElement | null {
  const keys = extraKeys(fields, value)
  if (keys.length === 0) return null
  return (
    <section className="field-row extra-keys" aria-label={`${label.name} (${label.type})`} data-extra-keys={path}>
      <div className="field-label">
        <span className="field-name">{label.name}</span>
        <span className="field-type">{label.type}</span>
      </div>
      <p className="field-description">{label.description}</p>
      <ul className="extra-keys-list">
        {keys.map((key) => (
          <li key={key} className="extra-key" data-key={key}>
            <code className="extra-key-name">{key}</code>
            <code className="extra-key-value">{preview(value[key])}</code>
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remove ${path ? `${path}.${key}` : key}`}
              title="Remove this key from the message"
              onClick={() => onChange(withKey(value, key, undefined))}
            >
              <Icon name="close" size={13} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
