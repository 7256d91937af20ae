/** Asks before a destructive tool runs: the tool's name and the server's warning. */
import type { ReactElement } from 'react'
import { ConfirmInline } from '../../components/ConfirmInline.js'

export interface ConfirmRunProps {
  toolName: string
  onRun: () => void
  onDismiss: () => void
}

export function ConfirmRun({ toolName, onRun, onDismiss }: ConfirmRunProps): ReactElement {
  return (
    <ConfirmInline
      label={`Run ${toolName}?`}
      runLabel="Run"
      className="mcp-confirm"
      onRun={onRun}
      onDismiss={onDismiss}
    >
      The server marks <strong>{toolName}</strong> as destructive: it may delete or overwrite data. Run it?
    </ConfirmInline>
  )
}
