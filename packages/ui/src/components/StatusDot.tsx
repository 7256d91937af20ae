/** A status dot with its explanation in a title and in an accessible popover shown on hover and focus. */
import { useId, type ReactElement } from 'react'

export type DotState = 'ok' | 'error' | 'loading' | 'unknown'

export interface StatusDotProps {
  state: DotState
  /** One line per reason; shown in the popover and the title attribute. */
  lines: string[]
  label: string
}

export function StatusDot({ state, lines, label }: StatusDotProps): ReactElement {
  const id = useId()
  const text = lines.join('\n')
  return (
    <span className="status-dot-wrap">
      <span
        className={`status-dot status-dot-${state}`}
        role="img"
        tabIndex={0}
        aria-label={`${label}: ${state}`}
        aria-describedby={lines.length ? id : undefined}
        title={text || undefined}
        data-status={state}
      />
      {lines.length > 0 && (
        <span className={`popover popover-${state}`} role="tooltip" id={id}>
          {lines.map((line, index) => (
            <span key={index} className="popover-line">
              {line}
            </span>
          ))}
        </span>
      )}
    </span>
  )
}
