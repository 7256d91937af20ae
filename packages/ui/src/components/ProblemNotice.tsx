/** Shows an API problem (title, detail, hint) the way every pane reports errors. */
import type { ReactElement, ReactNode } from 'react'
import type { ApiError } from '../api/api-error.js'
import { Icon } from './Icon.js'

export interface ProblemNoticeProps {
  error: ApiError
  /** Replaces the server's hint (e.g. the session-token advice). */
  hint?: ReactNode
  onDismiss?: () => void
}

export function ProblemNotice({ error, hint, onDismiss }: ProblemNoticeProps): ReactElement {
  const { title, detail, hint: serverHint, errors } = error.problem
  return (
    <div className="problem" role="alert">
      <Icon name="alert" className="problem-icon" />
      <div className="problem-body">
        <div className="problem-title">{title}</div>
        {detail && detail !== title && <div className="problem-detail">{detail}</div>}
        {errors && errors.length > 0 && (
          <ul className="problem-errors">
            {errors.map((e) => (
              <li key={`${e.path}:${e.message}`}>
                <span className="mono">{e.path || '/'}</span> {e.message}
              </li>
            ))}
          </ul>
        )}
        {(hint ?? serverHint) && <div className="problem-hint">{hint ?? serverHint}</div>}
      </div>
      {onDismiss && (
        <button type="button" className="icon-btn" onClick={onDismiss} aria-label="Dismiss">
          <Icon name="close" size={14} />
        </button>
      )}
    </div>
  )
}
