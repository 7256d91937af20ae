/** Above the live log: a text filter over the messages (Escape clears it), the SSE event filter, and how many rows show. */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'

export interface LiveFilterBarProps {
  query: string
  onQuery: (query: string) => void
  /** SSE event types (SignalR targets and message kinds) seen so far; the filter is offered when there are any. */
  eventNames: readonly string[]
  /** What the names are: `Event` (SSE), `Target` (SignalR). */
  eventLabel?: string
  eventFilter: string
  onEventFilter: (name: string) => void
  /** Rows shown and rows held, when a filter is on. */
  counts: { shown: number; total: number } | null
}

export function LiveFilterBar(props: LiveFilterBarProps): ReactElement {
  const { query, onQuery, eventNames, eventLabel = 'Event', eventFilter, onEventFilter, counts } = props
  return (
    <div className="live-filter-bar">
      <div className="live-search">
        <Icon name="search" size={13} className="live-search-icon" />
        <input
          type="search"
          className="input"
          placeholder="Filter messages"
          aria-label="Filter messages"
          title="Shows the messages that contain this text (Escape clears)"
          spellCheck={false}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && query) {
              event.preventDefault()
              onQuery('')
            }
          }}
        />
        {query && (
          <button
            type="button"
            className="icon-btn live-search-clear"
            aria-label="Clear the filter"
            onClick={() => onQuery('')}
          >
            <Icon name="close" size={12} />
          </button>
        )}
      </div>
      {eventNames.length > 0 && (
        <label>
          <span className="muted">{eventLabel}</span>
          <select className="input" value={eventFilter} onChange={(event) => onEventFilter(event.target.value)}>
            <option value="">All {eventLabel === 'Event' ? 'events' : 'messages'}</option>
            {eventNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {counts && (
        <span className="muted live-filter-count" role="status">
          {counts.shown.toLocaleString()} of {counts.total.toLocaleString()} shown
        </span>
      )}
    </div>
  )
}
