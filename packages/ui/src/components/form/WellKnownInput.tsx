/** Friendly editors for protobuf well-known types: Timestamp and Duration as checked text, wrappers as their scalar, Struct/Any as JSON. */
import type { ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import { JsonValueInput } from './JsonValueInput.js'
import { ScalarInput } from './ScalarInput.js'
import { durationProblem, timestampProblem, unwrappedField, type WellKnownKind } from './well-known.js'
import { BytesInput } from './BytesInput.js'
import { isTemplate } from './value-check.js'
import './proto-form.css'

export interface WellKnownInputProps {
  kind: WellKnownKind
  field: FieldInfo
  value: unknown
  onChange: (value: unknown) => void
  id: string
  /** The field's path (where JSON text that does not parse is kept). */
  path: string
  label: string
}

export function WellKnownInput({ kind, field, value, onChange, id, path, label }: WellKnownInputProps): ReactElement {
  switch (kind) {
    case 'timestamp':
      return (
        <CheckedText
          {...{ id, label, value, onChange }}
          placeholder="2024-05-01T12:00:00Z"
          check={timestampProblem}
          extra={
            <button type="button" className="btn btn-ghost wkt-now" onClick={() => onChange(new Date().toISOString())}>
              Now
            </button>
          }
        />
      )
    case 'duration':
      return <CheckedText {...{ id, label, value, onChange }} placeholder="1.5s" check={durationProblem} />
    case 'field-mask':
      return <CheckedText {...{ id, label, value, onChange }} placeholder="path.one,path.two" check={() => null} />
    case 'wrapper': {
      const inner = unwrappedField(field)
      if (inner.type === 'bytes') return <BytesInput id={id} label={label} value={value} onChange={onChange} />
      return <ScalarInput id={id} label={label} field={inner} value={value} onChange={onChange} />
    }
    case 'empty':
      return <span className="muted wkt-empty">Empty message: nothing to fill.</span>
    case 'json':
      return <JsonValueInput id={id} path={path} label={label} value={value} onChange={onChange} />
  }
}

interface CheckedTextProps {
  id: string
  label: string
  value: unknown
  onChange: (value: unknown) => void
  placeholder: string
  check: (text: string) => string | null
  extra?: ReactElement
}

function CheckedText({ id, label, value, onChange, placeholder, check, extra }: CheckedTextProps): ReactElement {
  // A value of another type (from the JSON editor) is shown as JSON, never as an empty input.
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
  // A `${…}` template is checked once substituted, when the call is sent.
  const problem = text && !isTemplate(value) ? check(text) : null
  return (
    <div className="wkt-input">
      <input
        id={id}
        className="input mono"
        aria-label={label}
        aria-invalid={!!problem || undefined}
        value={text}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      {extra}
    </div>
  )
}
