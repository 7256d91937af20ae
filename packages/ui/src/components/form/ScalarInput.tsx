/**
 * Editors for one scalar value: text, number (kept as typed), enum and bool. Every one takes a `${…}` variable: numbers
 * and text directly, enums and bools through their "variable" switch. What a field cannot hold stays in the value (the
 * row says why and Send waits), never dropped.
 */
import { useState, type ReactElement } from 'react'
import { escapeTemplate, type FieldInfo } from '@wirebench/core'
import { is64BitIntegerType, isNumericType, parseNumber, placeholderFor } from './field-value.js'
import { useFormFlavor } from './form-flavor.js'
import { fieldProblems, isTemplate } from './value-check.js'

export interface ScalarInputProps {
  field: FieldInfo
  value: unknown
  onChange: (value: unknown) => void
  id: string
  label: string
}

export function ScalarInput(props: ScalarInputProps): ReactElement {
  const { field } = props
  if (field.type === 'enum') {
    // Values come from the document: the option carries the escaped text, so picking one never names a variable.
    const options = (field.enumValues ?? []).map((v) => ({ value: escapeTemplate(v.name), text: v.name }))
    return <ChoiceInput {...props} options={options} />
  }
  if (field.type === 'bool') {
    const options = [
      { value: 'true', text: 'true' },
      { value: 'false', text: 'false' },
    ]
    return <ChoiceInput {...props} options={options} />
  }
  if (isNumericType(field.type)) return <NumberInput {...props} />
  return <TextInput {...props} />
}

function TextInput({ field, value, onChange, id, label }: ScalarInputProps): ReactElement {
  return (
    <input
      id={id}
      className="input"
      aria-label={label}
      aria-required={field.required || undefined}
      aria-invalid={useIsInvalid(field, value) || undefined}
      value={stringOf(value)}
      placeholder={placeholderFor(field)}
      spellCheck={false}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  )
}

function useIsInvalid(field: FieldInfo, value: unknown): boolean {
  return fieldProblems(field, value, '', useFormFlavor()).length > 0
}

interface ChoiceInputProps extends ScalarInputProps {
  options: ReadonlyArray<{ value: string; text: string }>
}

/** A select of the allowed values, or a text input for a `${…}` variable; a value outside the list stays visible. */
function ChoiceInput({ field, value, onChange, id, label, options }: ChoiceInputProps): ReactElement {
  const [isTyping, setTyping] = useState(() => isTemplate(value))
  const isInvalid = useIsInvalid(field, value)
  // A template set elsewhere (raw JSON editor) opens the text input.
  if (isTemplate(value) && !isTyping) setTyping(true)
  const current = typeof value === 'boolean' ? String(value) : stringOf(value)
  const isListed = value === undefined || value === null || options.some((o) => o.value === current)
  // Unset means the field's default (the server applies it): the select shows that value, not a blank.
  const fallback = defaultOption(field, options)
  const shown = isListed ? (value === undefined || value === null ? (fallback ?? '') : current) : UNLISTED
  return (
    <div className="choice-input">
      {isTyping ? (
        <input
          id={id}
          className="input mono"
          aria-label={label}
          aria-invalid={isInvalid || undefined}
          value={current}
          placeholder="${variable}"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      ) : (
        <select
          id={id}
          className="select"
          aria-label={label}
          aria-required={field.required || undefined}
          aria-invalid={isInvalid || undefined}
          value={shown}
          onChange={(e) => {
            const next = e.target.value
            if (next === UNLISTED) return
            if (field.type === 'bool') onChange(next === '' ? undefined : next === 'true')
            else onChange(next || undefined)
          }}
        >
          {fallback === undefined && <option value="">—</option>}
          {!isListed && <option value={UNLISTED}>{`${shortText(current)} (not allowed)`}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className="btn btn-ghost choice-mode mono"
        aria-pressed={isTyping}
        aria-label={isTyping ? `${label}: pick from the list` : `${label}: use a variable`}
        title={isTyping ? 'Pick from the list' : 'Type a ${variable} instead'}
        onClick={() => {
          if (isTyping && isTemplate(value)) onChange(undefined)
          setTyping(!isTyping)
        }}
      >
        {isTyping ? '☰' : '${ }'}
      </button>
    </div>
  )
}

/** The option of the field's default value, when it has one the list holds. */
function defaultOption(field: FieldInfo, options: ChoiceInputProps['options']): string | undefined {
  const value = field.defaultValue
  if (typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') return undefined
  const text = field.type === 'enum' ? escapeTemplate(String(value)) : String(value)
  return options.some((o) => o.value === text) ? text : undefined
}

/** A select value no option can have: it marks a current value that is not one of the options. */
const UNLISTED = '\u0000unlisted'

function shortText(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}…` : text
}

function NumberInput({ field, value, onChange, id, label }: ScalarInputProps): ReactElement {
  // Canonical proto3 JSON writes 64-bit integers as strings; plain JSON keeps them numbers while they are exact.
  const asString = useFormFlavor() === 'proto3' && is64BitIntegerType(field.type)
  const [text, setText] = useState(stringOf(value))
  const [seen, setSeen] = useState(value)
  const isInvalid = useIsInvalid(field, value)
  // Adopt values that changed elsewhere (raw JSON editor) without clobbering a half-typed "1." here.
  if (seen !== value) {
    setSeen(value)
    const parsed = parseNumber(field.type, text)
    if (!parsed.ok || parsed.value !== value) setText(stringOf(value))
  }
  return (
    <input
      id={id}
      className="input mono"
      inputMode={field.type === 'double' || field.type === 'float' ? 'decimal' : 'numeric'}
      aria-label={label}
      aria-required={field.required || undefined}
      aria-invalid={isInvalid || undefined}
      value={text}
      placeholder={placeholderFor(field) ?? field.type}
      spellCheck={false}
      onChange={(e) => {
        setText(e.target.value)
        const next = parseNumber(field.type, e.target.value)
        // Text that is no number (a `${n}` template, or a typo) is kept as text: the row says what is wrong with it.
        const committed = !next.ok
          ? e.target.value
          : asString && typeof next.value === 'number'
            ? String(next.value)
            : next.value
        setSeen(committed)
        onChange(committed)
      }}
    />
  )
}

function stringOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}
