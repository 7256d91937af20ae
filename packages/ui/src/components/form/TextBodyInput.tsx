/** A body sent as written (XML, plain text, YAML…): a multi-line monospace editor that keeps every character. */
import type { ReactElement } from 'react'

export interface TextBodyInputProps {
  value: unknown
  onChange: (value: unknown) => void
  id: string
  label: string
  placeholder?: string | undefined
}

export function TextBodyInput({ value, onChange, id, label, placeholder }: TextBodyInputProps): ReactElement {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
  return (
    <textarea
      id={id}
      className="textarea mono text-body-input"
      aria-label={label}
      rows={Math.min(24, Math.max(8, text.split('\n').length + 1))}
      value={text}
      placeholder={placeholder}
      spellCheck={false}
      // Every character is sent as typed: no trimming, and an empty editor sends no body.
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  )
}
