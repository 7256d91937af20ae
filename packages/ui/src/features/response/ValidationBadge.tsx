/** The validation badge beside the status: valid, N problems, validating (a large body, off the server's main thread), or not validated. */
import type { ReactElement } from 'react'
import type { InvokeResult } from '@wirebench/core'
import { Spinner } from '../../components/Spinner.js'

export interface ValidationBadgeProps {
  result: InvokeResult
  /** The problems list is shown (the badge toggles it when there are problems). */
  isOpen: boolean
  onToggle: () => void
}

export function ValidationBadge({ result, isOpen, onToggle }: ValidationBadgeProps): ReactElement {
  if (result.validationPending) {
    return (
      <span className="validation-badge is-pending" title={`Checking against ${result.validationPending.schema}`}>
        <Spinner label="Validating" size={11} /> validating…
      </span>
    )
  }
  const validation = result.validation
  if (!validation) {
    return (
      <span className="validation-badge is-none" title="Nothing declares what this response should look like">
        not validated
      </span>
    )
  }
  if (validation.valid) {
    return (
      <span className="validation-badge is-valid" title={`Matches ${validation.schema}`}>
        ✓ valid
      </span>
    )
  }
  const count = validation.problems.length
  return (
    <button
      type="button"
      className="validation-badge is-invalid"
      aria-expanded={isOpen}
      aria-controls="validation-problems"
      title={`Checked against ${validation.schema}`}
      onClick={onToggle}
    >
      {count} {count === 1 ? 'problem' : 'problems'}
    </button>
  )
}
