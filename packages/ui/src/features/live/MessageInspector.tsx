/** The selected log entry in full: direction, seq, time and outcome, then its payload as a JSON tree. */
import { useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { JsonTree } from '../../components/json/JsonTree.js'
import type { LiveEntry } from '../../state/live-store.js'
import { formatClock } from './live-format.js'

export interface MessageInspectorProps {
  entry: LiveEntry | undefined
  onClose: () => void
}

function payloadOf(entry: LiveEntry): unknown {
  if (entry.direction === 'in' && entry.binary !== undefined) {
    return { binary: entry.binary, ...(entry.meta ? { meta: entry.meta } : {}) }
  }
  if (entry.direction === 'in' && entry.meta) return { data: entry.data, meta: entry.meta }
  return entry.data
}

export function MessageInspector({ entry, onClose }: MessageInspectorProps): ReactElement {
  const [copied, setCopied] = useState(false)
  if (!entry) {
    return (
      <section className="live-inspector is-empty" aria-label="Selected message">
        <p className="muted">Select a message to inspect it (arrow keys move through the log).</p>
      </section>
    )
  }
  const payload = payloadOf(entry)
  const title =
    entry.direction === 'out'
      ? `Sent message →${entry.ref}`
      : entry.kind === 'message'
        ? `Received message #${entry.seq}`
        : `Response ${entry.kind} #${entry.seq}`
  return (
    <section className="live-inspector" aria-label="Selected message">
      <div className="live-inspector-head">
        <span className="live-inspector-title">{title}</span>
        <span className="mono muted">{formatClock(entry.at)}</span>
        {entry.direction === 'out' && <span className={`live-outcome is-${entry.outcome}`}>{entry.outcome}</span>}
        <button
          type="button"
          className="btn btn-ghost live-inspector-copy"
          onClick={() => {
            void navigator.clipboard?.writeText(JSON.stringify(payload, null, 2) ?? '').then(() => {
              setCopied(true)
              setTimeout(() => setCopied(false), 1200)
            })
          }}
        >
          <Icon name="copy" size={13} /> {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="icon-btn" aria-label="Close the inspector" onClick={onClose}>
          <Icon name="close" size={14} />
        </button>
      </div>
      {entry.direction === 'out' && entry.problem && (
        <div className="live-inspector-problem" role="alert">
          {entry.problem.title}
          {entry.problem.detail ? ` — ${entry.problem.detail}` : ''}
        </div>
      )}
      <JsonTree value={payload} label="Selected message" />
    </section>
  )
}
