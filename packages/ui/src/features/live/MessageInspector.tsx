/**
 * The selected log entry in full: direction, seq, time, outcome and the frame's meta as chips; then its payload — a
 * JSON tree (long strings wrapped on request, a filter) or its raw JSON when it parsed, the text as is, or a binary
 * payload as hexdump and base64.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { NARROW_LAYOUT_QUERY } from '../layout/useNarrowPaneScroll.js'
import { JsonTree } from '../../components/json/JsonTree.js'
import { toasts } from '../../components/toast-store.js'
import type { LiveEntry } from '../../state/live-store.js'
import { BinaryView } from './BinaryView.js'
import { formatClock } from './live-format.js'
import { rowViewOf, type LiveFlavor } from './live-row-view.js'

export interface MessageInspectorProps {
  entry: LiveEntry | undefined
  flavor?: LiveFlavor
  onClose: () => void
  /** Request chaining, given for the last message received (the one `${response.…}` reads): paths into its data. */
  onChain?: ((path: string[]) => void) | undefined
}

function payloadOf(entry: LiveEntry): unknown {
  if (entry.direction === 'in' && entry.binary !== undefined) {
    return { binary: entry.binary, ...(entry.meta ? { meta: entry.meta } : {}) }
  }
  if (entry.direction === 'in' && entry.meta) return { data: entry.data, meta: entry.meta }
  return entry.data
}

/** The bytes of a binary frame (received, or a sent WebSocket `{ binary }` message). */
function binaryOf(entry: LiveEntry, flavor: LiveFlavor): string | undefined {
  if (entry.direction === 'in') return entry.binary
  const data = entry.data as { binary?: unknown } | null
  if (flavor === 'websocket' && typeof data === 'object' && data !== null && typeof data.binary === 'string') {
    return data.binary
  }
  return undefined
}

/** The text of a sent WebSocket text frame, JSON-parsed when it parses (so it shows as a tree like received ones). */
function sentValue(entry: LiveEntry, flavor: LiveFlavor): unknown {
  const data = entry.data as { text?: unknown } | null
  if (flavor !== 'websocket' || typeof data !== 'object' || data === null || typeof data.text !== 'string') {
    return entry.data
  }
  try {
    return JSON.parse(data.text) as unknown
  } catch {
    return data.text
  }
}

/** The chain action on the inspector's tree: a payload shown as `{data, meta}` chains paths under `data` only. */
function chainOf(entry: LiveEntry | undefined, onChain: MessageInspectorProps['onChain']) {
  if (!onChain || entry?.direction !== 'in') return undefined
  if (!entry.meta) return onChain
  return (path: string[]) => {
    if (path[0] === 'data') onChain(path.slice(1))
    else
      toasts
        .getState()
        .show('Only the message’s data can be chained: ${response.…} reads the data of the last message.')
  }
}

export function MessageInspector({ entry, flavor = 'other', onClose, onChain }: MessageInspectorProps): ReactElement {
  const [copied, setCopied] = useState(false)
  const [view, setView] = useState<'tree' | 'raw'>('tree')
  const sectionRef = useRef<HTMLElement>(null)
  const shownKey = entry ? `${entry.direction}${entry.direction === 'out' ? entry.ref : entry.seq}` : null
  // On a narrow screen the inspector sits below the log, often past the bottom edge: each message picked is brought
  // into view (no further than needed, so the log rows above stay in sight where they can).
  useEffect(() => {
    if (shownKey === null || !window.matchMedia(NARROW_LAYOUT_QUERY).matches) return
    sectionRef.current?.scrollIntoView({ block: 'nearest' })
  }, [shownKey])
  if (!entry) {
    return (
      <section className="live-inspector is-empty" aria-label="Selected message">
        <p className="muted">Select a message to inspect it (arrow keys move through the log).</p>
      </section>
    )
  }
  const payload = payloadOf(entry)
  const binary = binaryOf(entry, flavor)
  const value = entry.direction === 'out' ? sentValue(entry, flavor) : entry.data
  const { chips } = rowViewOf(entry, flavor)
  const title =
    entry.direction === 'out'
      ? `Sent message →${entry.ref}`
      : entry.kind === 'message'
        ? `Received message #${entry.seq}`
        : `Response ${entry.kind} #${entry.seq}`
  return (
    <section
      ref={sectionRef}
      className="live-inspector"
      aria-label="Selected message"
      onKeyDown={(event) => {
        // Escape closes from wherever the focus is inside (Wrap, Raw, Copy…), unless a find box used it to clear
        // itself; the focus goes back to the log, which is where the arrow keys select the next message.
        if (event.key !== 'Escape' || event.defaultPrevented) return
        event.preventDefault()
        const log = event.currentTarget.closest('.live-split')?.querySelector<HTMLElement>('.live-log-scroll')
        onClose()
        log?.focus()
      }}
    >
      <div className="live-inspector-head">
        <span className="live-inspector-title">{title}</span>
        <span className="mono muted">{formatClock(entry.at)}</span>
        {chips.map((chip) => (
          <span key={chip.tone + chip.text} className={`live-chip is-${chip.tone}`} title={chip.title}>
            {chip.text}
          </span>
        ))}
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
      {binary !== undefined ? (
        <BinaryView base64={binary} />
      ) : typeof value === 'string' ? (
        <pre className="live-inspector-text mono" aria-label="Message text" tabIndex={0}>
          {value}
        </pre>
      ) : (
        <>
          <div className="segmented live-inspector-view" role="group" aria-label="Show the message as">
            <button type="button" aria-pressed={view === 'tree'} onClick={() => setView('tree')}>
              Tree
            </button>
            <button type="button" aria-pressed={view === 'raw'} onClick={() => setView('raw')}>
              Raw
            </button>
          </div>
          {view === 'tree' ? (
            <JsonTree value={value} label="Selected message" {...chainProp(chainOf(entry, onChain))} />
          ) : (
            <pre className="live-inspector-text mono" aria-label="Message as JSON" tabIndex={0}>
              {JSON.stringify(value, null, 2)}
            </pre>
          )}
        </>
      )}
      {entry.direction === 'in' && entry.meta && (
        <dl className="live-inspector-meta" aria-label="Frame details">
          {Object.entries(entry.meta).map(([name, item]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd className="mono">{typeof item === 'string' ? item : JSON.stringify(item)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}

function chainProp(onChain: ((path: string[]) => void) | undefined): { onChain?: (path: string[]) => void } {
  return onChain ? { onChain } : {}
}
