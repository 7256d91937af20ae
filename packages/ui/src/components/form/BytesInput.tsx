/** A proto3 `bytes` value: base64 text, typed or read from a file (proto3 JSON carries bytes as plain base64). */
import { useState, type ReactElement } from 'react'
import { base64ByteLength, formatBytes } from '../format.js'
import { Icon } from '../Icon.js'
import { isBase64 } from './field-value.js'
import { readAsBase64 } from './FileInput.js'
import { isTemplate } from './value-check.js'
import './proto-form.css'

export interface BytesInputProps {
  value: unknown
  onChange: (value: string | undefined) => void
  id: string
  label: string
}

export function BytesInput({ value, onChange, id, label }: BytesInputProps): ReactElement {
  const [error, setError] = useState<string | null>(null)
  // A value of another type (from the JSON editor) is shown as JSON, never as an empty input.
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
  // A `${…}` template is checked once substituted, when the call is sent.
  const isVariable = isTemplate(value)
  const isValid = isVariable || isBase64(text.trim())
  return (
    <div className="bytes-input">
      <input
        id={id}
        className="input mono"
        aria-label={label}
        aria-invalid={!isValid || undefined}
        value={text}
        placeholder="base64, e.g. aGVsbG8="
        spellCheck={false}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value.trim())}
      />
      <label className="btn btn-ghost bytes-input-file" title="Read a file into this field as base64">
        <Icon name="upload" size={13} /> From file
        <input
          type="file"
          className="visually-hidden"
          aria-label={`${label}: read from a file`}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (!file) return
            readAsBase64(file).then(
              (data) => {
                setError(null)
                onChange(data)
              },
              (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
            )
          }}
        />
      </label>
      {text && isValid && !isVariable && <span className="muted">{formatBytes(base64ByteLength(text))}</span>}
      {error && <span className="field-error">{error}</span>}
    </div>
  )
}
