/** One History row: status, what was called and where, when, how long and how big; reopen, and view the stored body. */
import type { HistoryEntry } from '@wirebench/core'
import type { ReactElement } from 'react'
import { formatBytes } from '../../components/format.js'
import { historyLabel, toneOf } from './history-rows.js'

export function HistoryRow(props: {
  entry: HistoryEntry
  onReopen: () => void
  onShowResponse: () => void
}): ReactElement {
  const { entry } = props
  const { title, url } = historyLabel(entry)
  return (
    <div role="listitem" className="history-item" data-kind={entry.kind}>
      <button type="button" className="history-row" onClick={props.onReopen} title={`Reopen ${title} ${url}`}>
        <span className="history-status" data-tone={toneOf(entry)}>
          {entry.status}
        </span>
        <span className="col-row-name">
          {entry.request.name ? `${entry.request.name} · ` : ''}
          {title}
        </span>
        <span className="col-row-proto">{entry.request.protocol}</span>
        <span className="history-url mono">{url}</span>
        <span className="history-meta">
          {new Date(entry.at).toLocaleString()} · {Math.round(entry.durationMs)} ms · {formatBytes(entry.bytes)}
          {entry.frames !== undefined ? ` · ${entry.frames} frame${entry.frames === 1 ? '' : 's'}` : ''}
        </span>
      </button>
      {entry.response !== undefined && (
        <button
          type="button"
          className="btn btn-ghost history-body-btn"
          aria-label={`Response body of ${title} at ${new Date(entry.at).toLocaleTimeString()}`}
          onClick={props.onShowResponse}
        >
          Body
        </button>
      )}
    </div>
  )
}
