/**
 * The raw JSON view of the message: edits that parse to an object update the form; form edits rewrite the text.
 * Text that does not parse is kept (as the draft's pending text, when one is given) and holds Send until it does:
 * the last message that parsed is never sent in its place.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { locateJsonError } from '@wirebench/auth'
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor.js'
import type { FormPending } from '../../components/form/form-pending.js'

/** The pending-text key of the JSON tab (no field path looks like it). */
export const RAW_JSON_PATH = '(JSON tab)'

export interface RawJsonEditorProps {
  value: Record<string, unknown>
  onChange: (value: Record<string, unknown>) => void
  /** What the form says about this value besides "in sync" (text it cannot parse, values that fit no field). */
  formNote?: string | undefined
  /** Where text that does not parse is kept, under `RAW_JSON_PATH`. */
  pending?: FormPending | undefined
  /** What the status says when the text parses; panes without a form say something other than "in sync". */
  validNote?: string
}

const format = (value: unknown) => JSON.stringify(value, null, 2)

function problemOf(text: string): string | null {
  const error = locateJsonError(text || '{}')
  if (error)
    return `Not JSON (${error.message} at line ${error.line}, column ${error.column}): nothing is sent until it is.`
  const parsed: unknown = JSON.parse(text || '{}')
  return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)
    ? 'The message must be a JSON object: nothing is sent until it is.'
    : null
}

export function RawJsonEditor({
  value,
  onChange,
  formNote,
  pending,
  validNote = 'In sync with the form',
}: RawJsonEditorProps): ReactElement {
  const [text, setText] = useState(() => pending?.get(RAW_JSON_PATH)?.text ?? format(value))
  const [seen, setSeen] = useState(value)
  const [error, setError] = useState<string | null>(() => pending?.get(RAW_JSON_PATH)?.message ?? null)
  // The last value this editor committed: any other value came from elsewhere (Fill example, Clear).
  const committed = useRef(value)
  if (seen !== value) {
    // The value changed outside this editor: show it; text that did not parse is replaced by it.
    setSeen(value)
    setText(format(value))
    setError(null)
  }
  useEffect(() => {
    if (value === committed.current) return
    committed.current = value
    pending?.set(RAW_JSON_PATH, undefined)
  }, [value, pending])
  return (
    <div className="raw-json">
      <LazyCodeEditor
        label="Request JSON"
        language="json"
        value={text}
        onChange={(next) => {
          setText(next)
          const problem = problemOf(next)
          setError(problem)
          pending?.set(RAW_JSON_PATH, problem ? { text: next, message: problem } : undefined)
          if (problem) return
          const parsed = JSON.parse(next || '{}') as Record<string, unknown>
          setSeen(parsed)
          committed.current = parsed
          onChange(parsed)
        }}
      />
      <div
        className={`raw-json-status${error ? ' is-error' : formNote ? ' is-warn' : ''}`}
        role={error ? 'alert' : 'status'}
      >
        {error ?? formNote ?? validNote}
      </div>
    </div>
  )
}
