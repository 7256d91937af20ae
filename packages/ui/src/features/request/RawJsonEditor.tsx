/** The raw JSON view of the message: edits that parse to an object update the form; form edits rewrite the text. */
import { useState, type ReactElement } from 'react'
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor.js'

export interface RawJsonEditorProps {
  value: Record<string, unknown>
  onChange: (value: Record<string, unknown>) => void
  /** What the form says about this value besides "in sync" (text it cannot parse, values that fit no field). */
  formNote?: string | undefined
}

const format = (value: unknown) => JSON.stringify(value, null, 2)

export function RawJsonEditor({ value, onChange, formNote }: RawJsonEditorProps): ReactElement {
  const [text, setText] = useState(() => format(value))
  const [seen, setSeen] = useState(value)
  const [error, setError] = useState<string | null>(null)
  if (seen !== value) {
    // The value changed outside this editor (the form): show it, dropping any unparsable text.
    setSeen(value)
    setText(format(value))
    setError(null)
  }
  return (
    <div className="raw-json">
      <LazyCodeEditor
        label="Request JSON"
        language="json"
        value={text}
        onChange={(next) => {
          setText(next)
          try {
            const parsed: unknown = JSON.parse(next || '{}')
            if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
              setError('The message must be a JSON object.')
              return
            }
            setError(null)
            setSeen(parsed as Record<string, unknown>)
            onChange(parsed as Record<string, unknown>)
          } catch (e) {
            setError(e instanceof Error ? e.message : 'Invalid JSON')
          }
        }}
      />
      <div
        className={`raw-json-status${error ? ' is-error' : formNote ? ' is-warn' : ''}`}
        role={error ? 'alert' : 'status'}
      >
        {error ?? formNote ?? 'In sync with the form'}
      </div>
    </div>
  )
}
