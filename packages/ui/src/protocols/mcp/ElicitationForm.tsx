/** An `elicitation/create` request: the server's message, a form from its `requestedSchema`, Accept, Decline, Cancel. */
import { useState, type ReactElement } from 'react'
import type { McpSessionSend } from '@wirebench/core'
import { elicitationContent, elicitationFields, type ElicitationField } from './elicitation-fields.js'
import type { PendingRequest } from './session-state.js'

const initialValues = (fields: readonly ElicitationField[]): Record<string, string | boolean> =>
  Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.type === 'boolean' ? f.defaultValue === true : f.defaultValue === undefined ? '' : String(f.defaultValue),
    ]),
  )

export function ElicitationForm({
  request,
  send,
}: {
  request: PendingRequest
  send: (message: McpSessionSend) => void
}): ReactElement {
  const params = (request.params ?? {}) as { message?: unknown; requestedSchema?: unknown }
  const [fields] = useState(() => elicitationFields(params.requestedSchema))
  const [values, setValues] = useState(() => initialValues(fields))
  const [problem, setProblem] = useState<string>()
  const answer = (result: unknown) => send({ op: 'answer', requestId: request.requestId, result })
  const accept = () => {
    const { content, missing } = elicitationContent(fields, values)
    if (missing.length > 0) {
      setProblem(`Fill in ${missing.join(', ')} before accepting, or decline.`)
      return
    }
    answer({ action: 'accept', content })
  }
  return (
    <form
      className="mcp-elicitation"
      aria-label="Elicitation"
      onSubmit={(event) => {
        event.preventDefault()
        accept()
      }}
    >
      {typeof params.message === 'string' && <p className="mcp-request-message">{params.message}</p>}
      {fields.map((field) => (
        <label key={field.name} className="mcp-elicitation-field">
          <span>
            {field.label}
            {field.required && <span className="muted"> (required)</span>}
          </span>
          {field.type === 'boolean' ? (
            <input
              type="checkbox"
              checked={values[field.name] === true}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.checked })}
            />
          ) : field.enumValues ? (
            <select
              className="input"
              value={String(values[field.name] ?? '')}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            >
              <option value="">—</option>
              {field.enumValues.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          ) : (
            <input
              className="input"
              inputMode={field.type === 'string' ? 'text' : 'decimal'}
              value={String(values[field.name] ?? '')}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            />
          )}
          {field.description && <span className="muted mcp-field-hint">{field.description}</span>}
        </label>
      ))}
      {problem && (
        <p className="mcp-request-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="mcp-request-actions">
        <button type="submit" className="btn btn-primary">
          Accept
        </button>
        <button type="button" className="btn" onClick={() => answer({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" className="btn" onClick={() => answer({ action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </form>
  )
}
