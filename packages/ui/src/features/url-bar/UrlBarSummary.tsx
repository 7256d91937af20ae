/**
 * The URL list folded into one row for narrow screens (shown by CSS there only): a status dot per URL and how many
 * URLs there are and failed; pressing it opens the list and the add form.
 */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import type { UrlStatus } from '../../state/discovery-store.js'

export interface UrlBarSummaryProps {
  statuses: readonly UrlStatus[]
  isExpanded: boolean
  onToggle: () => void
}

export function UrlBarSummary({ statuses, isExpanded, onToggle }: UrlBarSummaryProps): ReactElement {
  const failed = statuses.filter((status) => status.kind === 'error').length
  const loading = statuses.filter((status) => status.kind === 'loading').length
  const count = statuses.length
  return (
    <button
      type="button"
      className="url-bar-summary"
      aria-expanded={isExpanded}
      aria-controls="url-list"
      title={isExpanded ? 'Fold the URL list' : 'Show the URLs, their status and the add field'}
      onClick={onToggle}
    >
      <span className="url-bar-summary-dots" aria-hidden="true">
        {statuses.slice(0, 8).map((status, i) => (
          <span key={i} className={`status-dot status-dot-${status.kind === 'loading' ? 'idle' : status.kind}`} />
        ))}
      </span>
      <span>
        {count === 0 ? 'No URLs yet' : `${count} URL${count === 1 ? '' : 's'}`}
        {loading > 0 && <span className="muted"> · discovering</span>}
        {failed > 0 && <span className="url-bar-summary-failed"> · {failed} failed</span>}
      </span>
      <Icon name={isExpanded ? 'chevronDown' : 'chevronRight'} size={13} />
    </button>
  )
}
