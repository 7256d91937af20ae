/** The response status: green for success, yellow for client errors, red for server errors. */
import type { ReactElement } from 'react'

export type StatusTone = 'success' | 'redirect' | 'client-error' | 'server-error' | 'other'

export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }): ReactElement {
  return (
    <span className={`status-badge status-${tone}`} data-tone={tone} aria-label={`Status ${label}`}>
      {label}
    </span>
  )
}
