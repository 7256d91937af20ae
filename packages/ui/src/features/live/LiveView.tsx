/** The response side of a live call: status and numbers, controls, the message log with its inspector, headers, trailers and the end status. */
import { useDeferredValue, useState, type ReactElement, type ReactNode } from 'react'
import { ApiError } from '../../api/api-error.js'
import { JsonTree } from '../../components/json/JsonTree.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { LiveAssertionResults } from '../assertions/AssertionResults.js'
import { Tabs } from '../../components/Tabs.js'
import { isLiveCallActive } from '../../state/live-call.js'
import { lastReceivedIndex } from '../../state/response-memory.js'
import type { LiveCallState, LiveEntry } from '../../state/live-store.js'
import { HeadersTable } from '../response/HeadersTable.js'
import { SentRequestView } from '../response/SentRequestView.js'
import { useChainAction } from '../response/useChainAction.js'
import { LiveControls } from './LiveControls.js'
import { LiveFilterBar } from './LiveFilterBar.js'
import { LiveStats } from './LiveStats.js'
import type { LiveFlavor } from './live-row-view.js'
import { createMessageMatcher } from './live-search.js'
import { hasTrailers, liveOutcomeKind } from './live-status.js'
import { createEventTypeIndex, createFilteredWindow, eventTypeOf, fullWindow } from './log-window.js'
import { MessageInspector } from './MessageInspector.js'
import { MessageLog, visibleRange } from './MessageLog.js'
import type { LiveCallHandle } from './useLiveCall.js'
import '../../styles/live.css'
import '../../styles/live-frames.css'

type LiveTab = 'messages' | 'request' | 'headers' | 'trailers' | 'details'

const detailsLabel = { 'event-stream': 'Response body', graphql: 'Errors', websocket: 'Close' } as const

const sortedEntries = (metadata: Record<string, string> | undefined): Array<[string, string]> =>
  Object.entries(metadata ?? {}).sort(([a], [b]) => a.localeCompare(b))

export interface LiveViewProps {
  call: LiveCallState
  handle: LiveCallHandle
  /** `Service/Method`, for exports. */
  methodName: string
  /** How rows read sent messages (WebSocket frames) and whether the event (SSE), target (SignalR) or kind (MCP) filter is offered. */
  flavor?: LiveFlavor
  /** The method's protocol id: how its calls end (status, close, stream end) and whether it has trailers. */
  protocol: string
  /** The protocol's own account of how the call failed, shown where a problem would be (GraphQL's refusals). */
  notice?: ReactNode
}

export function LiveView({
  call,
  handle,
  methodName,
  flavor = 'other',
  protocol,
  notice,
}: LiveViewProps): ReactElement {
  const kind = liveOutcomeKind(protocol)
  const [tab, setTab] = useState<LiveTab>('messages')
  const [selected, setSelected] = useState<number | null>(null)
  const chain = useChainAction(call.targetKey)
  const [shownCallId, setShownCallId] = useState(call.id)
  if (shownCallId !== call.id) {
    // A new call: the old call's selection points into a log that is gone.
    setShownCallId(call.id)
    setSelected(null)
  }
  const [eventFilter, setEventFilter] = useState('')
  const [query, setQuery] = useState('')
  // Typing stays responsive: the first filter over a long log reads every entry once (later ones only the new).
  const search = useDeferredValue(query.trim())
  // Incremental indexes over the log: each entry is looked at once, whatever the render rate.
  const [filtered] = useState(createFilteredWindow)
  const [eventTypes] = useState(createEventTypeIndex)
  const { first, end } = visibleRange(call)
  const names = flavor === 'sse' || flavor === 'signalr' || flavor === 'mcp' ? eventTypes.update(call.log) : []
  const event = eventFilter && names.includes(eventFilter) ? eventFilter : ''
  const rows = event || search ? filteredRows() : fullWindow(first, end)
  function filteredRows() {
    const matches = search ? createMessageMatcher(search, flavor) : () => true
    const predicate = event ? (entry: LiveEntry) => eventTypeOf(entry) === event && matches(entry) : matches
    return filtered.update(call.log, `${event}\u0000${search}`, predicate, end)
  }
  const newCount = call.isPaused ? call.log.end - end : 0
  const togglePause = () => handle.setPaused(!call.isPaused)
  const headers = sortedEntries(call.headers)
  const trailers = sortedEntries(call.trailers)
  // A close code and reason are in the status already; an event stream's refusal shows its status and body.
  const hasDetails = call.end?.details !== undefined && kind !== 'websocket'
  // A call refused before it went out (a variable that does not fit, a refused host) has no headers or trailers to
  // show: empty tabs would suggest the server answered with none.
  const reachedServer =
    isLiveCallActive(call) || call.headers !== undefined || call.trailers !== undefined || call.end !== undefined
  const tabs = [
    { id: 'messages' as const, label: 'Messages' },
    ...(call.request
      ? [{ id: 'request' as const, label: 'Request', title: 'What opened the call (credentials masked)' }]
      : []),
    ...(reachedServer ? [{ id: 'headers' as const, label: 'Headers', count: headers.length }] : []),
    ...(reachedServer && hasTrailers(kind)
      ? [{ id: 'trailers' as const, label: 'Trailers', count: trailers.length }]
      : []),
    ...(hasDetails
      ? [{ id: 'details' as const, label: kind === 'rpc' || kind === 'session' ? 'Error details' : detailsLabel[kind] }]
      : []),
  ]
  // A tab the current call does not have (the previous call's error details) falls back to the messages.
  const shown: LiveTab = tabs.some((t) => t.id === tab) ? tab : 'messages'
  return (
    <section
      className="response-pane live-view"
      aria-label="Live call"
      data-status={call.status}
      data-received={call.received}
      data-first-seq={call.firstSeq ?? 0}
      data-last-seq={call.lastSeq}
      data-seq-gaps={call.seqGaps}
      data-dropped={call.dropped}
      data-evicted={call.evicted}
    >
      <div className="live-head">
        <LiveStats call={call} kind={kind} />
        <LiveControls
          call={call}
          methodName={methodName}
          onTogglePause={togglePause}
          onClear={() => {
            setSelected(null)
            handle.clear()
          }}
          onCancel={handle.cancel}
        />
      </div>
      {call.problem && (
        <div className="live-problem">
          <ProblemNotice error={new ApiError(call.problem)} />
        </div>
      )}
      {notice && <div className="live-problem">{notice}</div>}
      <LiveAssertionResults call={call} />
      {call.isPaused && (
        <div className="live-paused-banner" role="status">
          <strong>Paused.</strong> The log is frozen; messages keep arriving and are acknowledged
          {newCount > 0 ? ` (${newCount.toLocaleString()} new)` : ''}.
          <button type="button" className="link-btn" onClick={togglePause}>
            Resume
          </button>
        </div>
      )}
      <Tabs idPrefix="live" label="Live call views" selected={shown} onSelect={setTab} items={tabs} />
      <div className="live-panel" id="live-panel" role="tabpanel" aria-labelledby={`live-tab-${shown}`}>
        {shown === 'messages' && (
          <>
            <LiveFilterBar
              query={query}
              onQuery={setQuery}
              eventNames={names}
              eventLabel={flavor === 'signalr' ? 'Target' : flavor === 'mcp' ? 'Kind' : 'Event'}
              eventFilter={eventFilter}
              onEventFilter={setEventFilter}
              counts={event || search ? { shown: rows.count, total: end - first } : null}
            />
            <div className={`live-split${selected !== null ? ' has-inspector' : ''}`}>
              <MessageLog
                call={call}
                kind={kind}
                window={rows}
                flavor={flavor}
                selected={selected}
                onSelect={setSelected}
                onTogglePause={togglePause}
              />
              {selected !== null && (
                <MessageInspector
                  entry={call.log.at(selected)}
                  flavor={flavor}
                  onClose={() => setSelected(null)}
                  {...(selected === lastReceivedIndex(call) ? { onChain: chain } : {})}
                />
              )}
            </div>
          </>
        )}
        {shown === 'request' && call.request && <SentRequestView sent={call.request} />}
        {shown === 'headers' && <HeadersTable entries={headers} label="Headers" />}
        {shown === 'trailers' && <HeadersTable entries={trailers} label="Trailers" />}
        {shown === 'details' && <JsonTree value={call.end?.details} label="Error details" />}
      </div>
    </section>
  )
}
