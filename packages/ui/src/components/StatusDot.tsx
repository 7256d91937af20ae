/** A status dot with its explanation in an accessible popover, shown on hover and focus of the dot or its container. */
import { useId, type ReactElement } from 'react'

export type DotState = 'ok' | 'error' | 'loading' | 'unknown'

export interface StatusDotProps {
  state: DotState
  /** One line per reason, shown in the popover. */
  lines: string[]
  label: string
  /** The popover's first line (e.g. the full URL that the container truncates). */
  heading?: string
  /** What to do about it, shown under the reasons. */
  hint?: string
}

export function StatusDot({ state, lines, label, heading, hint }: StatusDotProps): ReactElement {
  const id = useId()
  const hasPopover = lines.length > 0 || !!heading
  return (
    <span className="status-dot-wrap">
      <span
        className={`status-dot status-dot-${state}`}
        role="img"
        tabIndex={0}
        aria-label={`${label}: ${state}`}
        aria-describedby={hasPopover ? id : undefined}
        data-status={state}
      />
      {hasPopover && (
        <span className={`popover popover-${state}`} role="tooltip" id={id}>
          {heading && <span className="popover-heading mono">{heading}</span>}
          {lines.map((line, index) => (
            <span key={index} className="popover-line">
              {line}
            </span>
          ))}
          {hint && <span className="popover-hint">{hint}</span>}
        </span>
      )}
    </span>
  )
}
