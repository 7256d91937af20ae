/** The running call's `notifications/progress`: a bar when the server gave a total, else the count, and its message. */
import type { ReactElement } from 'react'
import type { ProgressState } from './session-state.js'

export function ProgressBar({ progress }: { progress: ProgressState | undefined }): ReactElement {
  const total = progress?.total
  const value = progress?.progress
  const label = progress
    ? `${value}${total !== undefined ? ` of ${total}` : ''}${progress.message ? ` — ${progress.message}` : ''}`
    : 'Waiting for the server…'
  return (
    <div className="mcp-progress" aria-live="polite">
      <progress
        aria-label="Progress"
        {...(total !== undefined && total > 0 && value !== undefined
          ? { max: total, value: Math.min(value, total) }
          : {})}
      />
      <span className="mcp-progress-label muted">{label}</span>
    </div>
  )
}
