/** Editors for one scalar value: text, number (kept as typed until it parses), enum and bool. */
import { useState, type ReactElement } from 'react'
import type { FieldInfo } from '@wirebench/core'
import { is64BitIntegerType, isNumericType, parseNumber, placeholderFor } from './field-value.js'
import { useFormFlavor } from './form-flavor.js'

export interface ScalarInputProps {
  field: FieldInfo
  value: unknown
  onChange: (value: unknown) => void
  id: string
  label: string
}

export function ScalarInput(props: ScalarInputProps): ReactElement {
  const { field, value, onChange, id, label } = props
  if (field.type === 'enum') {
    return (
      <select
        id={id}
        className="select"
        aria-label={label}
        value={stringOf(value)}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">—</option>
        {(field.enumValues ?? []).map((v) => (
          <option key={v.name} value={v.name}>
            {v.name}
          </option>
        ))}
      </select>
    )
  }
  if (field.type === 'bool') {
    return (
      <select
        id={id}
        className="select"
        aria-label={label}
        value={value === true ? 'true' : value === false ? 'false' : ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
      >
        <option value="">—</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    )
  }
  if (isNumericType(field.type)) return <NumberInput {...props} />
  return (
    <input
      id={id}
      className="input"
      aria-label={label}
      aria-required={field.required || undefined}
      value={stringOf(value)}
      placeholder={placeholderFor(field)}
      spellCheck={false}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  )
}

function NumberInput({ field, value, onChange, id, label }: ScalarInputProps): ReactElement {
  // Canonical proto3 JSON writes 64-bit integers as strings; plain JSON keeps them numbers while they are exact.
  const asString = useFormFlavor() === 'proto3' && is64BitIntegerType(field.type)
  const [text, setText] = useState(stringOf(value))
  const [seen, setSeen] = useState(value)
  // Adopt values that changed elsewhere (raw JSON editor) without clobbering a half-typed "1." here.
  if (seen !== value) {
    setSeen(value)
    const parsed = parseNumber(field.type, text)
    if (!parsed.ok || parsed.value !== value) setText(stringOf(value))
  }
  const parsed = parseNumber(field.type, text)
  return (
    <input
      id={id}
      className="input mono"
      inputMode={field.type === 'double' || field.type === 'float' ? 'decimal' : 'numeric'}
      aria-label={label}
      aria-required={field.required || undefined}
      aria-invalid={!parsed.ok || undefined}
      value={text}
      placeholder={placeholderFor(field) ?? field.type}
      onChange={(e) => {
        setText(e.target.value)
        const next = parseNumber(field.type, e.target.value)
        if (next.ok) {
          const committed = asString && typeof next.value === 'number' ? String(next.value) : next.value
          setSeen(committed)
          onChange(committed)
        }
      }}
    />
  )
}

function stringOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}
