/** What a preview action produced: the token (selectable, with a copy button) or the error with its hint. */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { CopyButton } from './CopyButton.js'

export type PreviewOutcome =
  | { token: string; extra?: string; unresolved: string[] }
  | { error: string; hint?: string | undefined; unresolved: string[] }

export function PreviewResult({ label, result }: { label: string; result: PreviewOutcome }): ReactElement {
  const unresolved =
    result.unresolved.length > 0 ? (
      <p className="auth-warn unknown-refs">
        Unknown{' '}
        {result.unresolved.map((n) => (
          <code key={n}>${`{${n}}`}</code>
        ))}{' '}
        left as written.
      </p>
    ) : null
  if ('error' in result) {
    return (
      <div className="auth-preview is-error" role="alert">
        <div className="auth-preview-title">
          <Icon name="alert" size={14} /> {result.error}
        </div>
        {result.hint && <p className="auth-help">{result.hint}</p>}
        {unresolved}
      </div>
    )
  }
  return (
    <div className="auth-preview" role="status">
      <div className="auth-preview-title">
        {label}
        <CopyButton text={result.token} label={`Copy the ${label.toLowerCase()}`} />
      </div>
      <code className="auth-token mono" data-testid="preview-token">
        {result.token}
      </code>
      {result.extra && <pre className="auth-preview-extra mono">{result.extra}</pre>}
      {unresolved}
    </div>
  )
}
