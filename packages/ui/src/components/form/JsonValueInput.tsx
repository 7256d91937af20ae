/**
 * A free JSON value (type `json`, or a message too deep to expand): committed whenever the text parses. Text that does
 * not parse is kept (in the draft, when the form has one) with the reason, and Send waits until it is fixed.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { locateJsonError } from '@wirebench/auth'
import { useFormPending } from './form-pending.js'

export interface JsonValueInputProps {
  value: unknown
  onChange: (value: unknown) => void
  id: string
  label: string
  /** The field's path: where text that does not parse is kept. */
  path: string
}

/** Why `text` is not JSON, in the same words in every browser; mentions the quotes a variable needs. */
export function jsonTextProblem(text: string): string | undefined {
  const error = locateJsonError(text)
  if (!error) return undefined
  const where = `${error.message} at line ${error.line}, column ${error.column}`
  const hint = text.includes('${') ? ' Variables go inside JSON strings: "${name}".' : ''
  return `Not JSON (${where}): nothing is sent until it is.${hint}`
}

export function JsonValueInput({ value, onChange, id, label, path }: JsonValueInputProps): ReactElement {
  const pending = useFormPending()
  const [text, setText] = useState(() => pending?.get(path)?.text ?? format(value))
  const [seen, setSeen] = useState(value)
  const [localProblem, setLocalProblem] = useState<string | undefined>(() => pending?.get(path)?.message)
  // The last value this input committed: any other value came from elsewhere (raw JSON editor, Fill example).
  const committed = useRef(value)
  if (seen !== value) {
    // Show the new value; text that did not parse is replaced by it.
    setSeen(value)
    setText(format(value))
    setLocalProblem(undefined)
  }
  useEffect(() => {
    if (value === committed.current) return
    committed.current = value
    pending?.set(path, undefined)
  }, [value, pending, path])
  const problem = localProblem
  const errorId = `${id}-error`
  return (
    <div className="json-value-input">
      <textarea
        id={id}
        className="textarea mono"
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        value={text}
        placeholder="JSON value"
        spellCheck={false}
        onChange={(e) => {
          const next = e.target.value
          setText(next)
          if (next.trim() === '') {
            setLocalProblem(undefined)
            pending?.set(path, undefined)
            setSeen(undefined)
            committed.current = undefined
            onChange(undefined)
            return
          }
          const reason = jsonTextProblem(next)
          setLocalProblem(reason)
          pending?.set(path, reason ? { text: next, message: reason } : undefined)
          if (reason) return
          const parsed = JSON.parse(next) as unknown
          setSeen(parsed)
          committed.current = parsed
          onChange(parsed)
        }}
      />
      {problem && (
        <div className="field-error" id={errorId}>
          {problem}
        </div>
      )}
    </div>
  )
}

function format(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2)
}
