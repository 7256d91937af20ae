/** The server's `completion/complete` values for the field being typed in, as buttons that fill it. */
import type { ReactElement } from 'react'
import type { CompletionView } from './useCompletion.js'

export function CompletionSuggestions({ completion }: { completion: CompletionView }): ReactElement | null {
  if (!completion.argument) return null
  return (
    <div className="mcp-completions" role="group" aria-label={`Suggestions for ${completion.argument}`}>
      <span className="muted">Suggestions for {completion.argument}:</span>
      {completion.error && <span className="mcp-request-problem">{completion.error}</span>}
      {!completion.error && completion.values.length === 0 && <span className="muted">none</span>}
      {completion.values.map((value) => (
        <button key={value} type="button" className="hub-shortcut" onClick={() => completion.pick(value)}>
          {value}
        </button>
      ))}
    </div>
  )
}
