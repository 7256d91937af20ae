/** An indeterminate progress indicator with an accessible label. */
import type { ReactElement } from 'react'

export function Spinner({ label = 'Loading', size = 14 }: { label?: string; size?: number }): ReactElement {
  return <span className="spinner" role="status" aria-label={label} style={{ width: size, height: size }} />
}
