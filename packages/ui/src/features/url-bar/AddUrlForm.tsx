/** The input that adds a discovery URL, with the validation message inline. */
import { useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'

export interface AddUrlFormProps {
  onAdd: (url: string) => string | null
}

export function AddUrlForm({ onAdd }: AddUrlFormProps): ReactElement {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <form
      className="add-url"
      onSubmit={(event) => {
        event.preventDefault()
        const problem = onAdd(text)
        setError(problem)
        if (!problem) setText('')
      }}
    >
      <input
        className="input mono"
        value={text}
        placeholder="Add URL — https://api.example.com/openapi.json or rest@https://…"
        aria-label="Discovery URL to add"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'add-url-error' : undefined}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value)
          setError(null)
        }}
      />
      <button type="submit" className="btn" disabled={!text.trim()} title="Add and discover (Enter)">
        <Icon name="plus" size={14} /> Add
      </button>
      {error && (
        <div className="add-url-error" id="add-url-error" role="alert">
          {error}
        </div>
      )}
    </form>
  )
}
