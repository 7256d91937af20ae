/** A free JSON value (type `json`, or a message too deep to expand): committed whenever the text parses. */
import { useState, type ReactElement } from 'react'

export interface JsonValueInputProps {
  value: unknown
  onChange: (value: unknown) => void
  id: string
  label: string
}

export function JsonValueInput({ value, onChange, id, label }: JsonValueInputProps): ReactElement {
  const [text, setText] = useState(() => format(value))
  const [seen, setSeen] = useState(value)
  const [isInvalid, setInvalid] = useState(false)
  if (seen !== value) {
    setSeen(value)
    setText(format(value))
    setInvalid(false)
  }
  return (
    <textarea
      id={id}
      className="textarea"
      aria-label={label}
      aria-invalid={isInvalid || undefined}
      rows={Math.min(8, Math.max(2, text.split('\n').length))}
      value={text}
      placeholder="JSON value"
      spellCheck={false}
      onChange={(e) => {
        setText(e.target.value)
        if (e.target.value.trim() === '') {
          setInvalid(false)
          setSeen(undefined)
          onChange(undefined)
          return
        }
        try {
          const parsed: unknown = JSON.parse(e.target.value)
          setInvalid(false)
          setSeen(parsed)
          onChange(parsed)
        } catch {
          setInvalid(true)
        }
      }}
    />
  )
}

function format(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2)
}
