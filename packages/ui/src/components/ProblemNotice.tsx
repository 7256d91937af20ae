/** Shows an API problem (title, detail, hint) the way every pane reports errors. */
import type { ReactElement, ReactNode } from 'react'
import type { SchemaDiagnostic } from '@wirebench/core'
import type { ApiError } from '../api/api-error.js'
import { Icon } from './Icon.js'

export interface ProblemNoticeProps {
  error: ApiError
  /** Replaces the server's hint (e.g. the session-token advice). */
  hint?: ReactNode
  onDismiss?: () => void
}

export function ProblemNotice({ error, hint, onDismiss }: ProblemNoticeProps): ReactElement {
  const { title, detail, hint: serverHint, errors, diagnostics } = error.problem
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
        {diagnostics && diagnostics.length > 0 && (
          <ul className="problem-errors problem-diagnostics" aria-label="Compiler diagnostics">
            {diagnostics.map((d, index) => (
              <li key={index}>
                <span className="mono">{positionOf(d)}</span> {d.message}
                {d.hint && <div className="problem-hint">{d.hint}</div>}
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

/** `file:line:column`, as compilers print positions (parts that are unknown are left out). */
function positionOf(d: SchemaDiagnostic): string {
  return [d.file ?? '(upload)', d.line, d.line !== undefined ? d.column : undefined]
    .filter((part) => part !== undefined)
    .join(':')
}
