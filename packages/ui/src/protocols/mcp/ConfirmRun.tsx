/** Asks before a destructive tool runs: the tool's name, the server's warning, Run or Don't run (Escape). */
import { useEffect, useRef, type ReactElement } from 'react'

export interface ConfirmRunProps {
  toolName: string
  onRun: () => void
  onDismiss: () => void
}

export function ConfirmRun({ toolName, onRun, onDismiss }: ConfirmRunProps): ReactElement {
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => keep.current?.focus(), [])
  return (
    <div
      className="mcp-confirm"
      role="alertdialog"
      aria-label={`Run ${toolName}?`}
      aria-describedby="mcp-confirm-text"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss()
      }}
    >
      <p id="mcp-confirm-text">
        The server marks <strong>{toolName}</strong> as destructive: it may delete or overwrite data. Run it?
      </p>
      <div className="mcp-confirm-actions">
        <button type="button" className="btn btn-danger" onClick={onRun}>
          Run
        </button>
        <button type="button" className="btn" ref={keep} onClick={onDismiss}>
          Don&apos;t run
        </button>
      </div>
    </div>
  )
}
