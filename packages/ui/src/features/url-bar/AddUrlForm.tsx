/**
 * The input that adds a discovery URL, with the validation message inline. A curl command typed or pasted into it
 * is offered as a request to import instead (Enter imports it).
 */
import { useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { isCurlCommand, joinContinuations } from '../import/curl-import.js'

export interface AddUrlFormProps {
  onAdd: (url: string) => string | null
  /** Imports a curl command as a request; resolves to the problem to show, or null once it is open. */
  onImportCurl: (command: string) => Promise<string | null>
}

export function AddUrlForm({ onAdd, onImportCurl }: AddUrlFormProps): ReactElement {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  // A one-line input cannot show a line break, but a quoted argument may hold one (a body on several lines): the
  // command is imported as pasted while the input shows it unchanged.
  const [pasted, setPasted] = useState<{ shown: string; command: string } | null>(null)
  const isCurl = isCurlCommand(text)
  return (
    <form
      className="add-url"
      onSubmit={(event) => {
        event.preventDefault()
        if (isCurl) {
          void onImportCurl(pasted?.shown === text ? pasted.command : text).then((problem) => {
            setError(problem)
            if (!problem) setText('')
          })
          return
        }
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
        onPaste={(e) => {
          // A one-line input drops the newlines of a multi-line command: its `\` continuations are joined first.
          const clipboard = e.clipboardData.getData('text/plain')
          if (!isCurlCommand(clipboard) || !clipboard.includes('\n')) return
          e.preventDefault()
          const command = joinContinuations(clipboard)
          const shown = command.replace(/\r?\n/g, ' ')
          setPasted({ shown, command })
          setText(shown)
          setError(null)
        }}
      />
      {isCurl ? (
        <button type="submit" className="btn btn-primary" title="Open the curl command's request in a new tab (Enter)">
          Import as request
        </button>
      ) : (
        <button type="submit" className="btn" disabled={!text.trim()} title="Add and discover (Enter)">
          <Icon name="plus" size={14} /> Add
        </button>
      )}
      {error && (
        <div className="add-url-error" id="add-url-error" role="alert">
          {error}
        </div>
      )}
    </form>
  )
}
