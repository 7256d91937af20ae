/** A unary gRPC result: status name and code, message, time and size, then body, response headers, trailers and rich error details. */
import { useState, type ReactElement } from 'react'
import { JsonTree } from '../../components/json/JsonTree.js'
import { Tabs } from '../../components/Tabs.js'
import { AssertionResults } from '../../features/assertions/AssertionResults.js'
import { statusWithCode } from '../../features/live/live-status.js'
import { HeadersTable } from '../../features/response/HeadersTable.js'
import {
  CallProblem,
  CancelledNote,
  NoResultBadge,
  PreviousNote,
  SendingNote,
  TimeAndSize,
} from '../../features/response/ResponseFacts.js'
import { ResponseBody } from '../../features/response/ResponseBody.js'
import { SentTabPanel, isSentTab, sentTabItems, type SentTab } from '../../features/response/SentTabs.js'
import { StatusBadge } from '../../features/response/StatusBadge.js'
import { useHintedView } from '../../features/hints/useHintedView.js'
import type { CallRecord } from '../../state/calls-store.js'
import { grpcStatusTone } from './grpc-kinds.js'

type UnaryTab = 'body' | 'headers' | 'trailers' | 'details' | SentTab

const sorted = (metadata: Record<string, string> | undefined): Array<[string, string]> =>
  Object.entries(metadata ?? {}).sort(([a], [b]) => a.localeCompare(b))

export function GrpcUnaryResponse({ record, draftKey }: { record: CallRecord; draftKey: string }): ReactElement {
  const [tab, setTab] = useState<UnaryTab>('body')
  const [findSignal, setFindSignal] = useState(0)
  useHintedView(draftKey, (view) => {
    setTab(view === 'timing' ? 'timing' : 'body')
    if (view === 'find') setFindSignal((n) => n + 1)
  })
  const { result } = record
  const headers = sorted(result?.metadata)
  const trailers = sorted(result?.trailers)
  const hasDetails = result?.errorDetails !== undefined && result.errorDetails !== null
  const tabs = [
    { id: 'body' as const, label: 'Body' },
    { id: 'headers' as const, label: 'Headers', count: headers.length },
    { id: 'trailers' as const, label: 'Trailers', count: trailers.length },
    ...(hasDetails ? [{ id: 'details' as const, label: 'Error details' }] : []),
    ...(result ? sentTabItems(result) : []),
  ]
  const shown: UnaryTab = tabs.some((t) => t.id === tab) ? tab : 'body'
  return (
    <section className="response-pane" aria-label="Response" aria-busy={record.isSending}>
      <div className="response-summary" data-started={record.startedAt}>
        {result && (
          <span title={`gRPC status ${result.status}`}>
            <StatusBadge label={statusWithCode(result.status)} tone={grpcStatusTone(result.status)} />
          </span>
        )}
        <NoResultBadge record={record} />
        {result && <TimeAndSize result={result} sizeTitle="Message size on the wire" />}
        <SendingNote record={record} />
      </div>
      <PreviousNote draftKey={draftKey} record={record} />
      <AssertionResults draftKey={draftKey} record={record} />
      <CallProblem record={record} />
      <CancelledNote record={record} />
      {result && (
        <>
          {result.statusMessage && (
            <div className="response-status-message grpc-status-message">{result.statusMessage}</div>
          )}
          <Tabs idPrefix="response" label="Response views" selected={shown} onSelect={setTab} items={tabs} />
          <div
            className={`response-panel${record.isSending ? ' is-stale' : ''}`}
            id="response-panel"
            role="tabpanel"
            aria-labelledby={`response-tab-${shown}`}
          >
            {shown === 'body' && (
              <ResponseBody key={record.startedAt} result={result} chainKey={draftKey} findSignal={findSignal} />
            )}
            {shown === 'headers' && <HeadersTable entries={headers} label="Headers" />}
            {shown === 'trailers' && <HeadersTable entries={trailers} label="Trailers" />}
            {shown === 'details' && <JsonTree value={result.errorDetails} label="Error details" />}
            {isSentTab(shown) && <SentTabPanel tab={shown} result={result} />}
          </div>
        </>
      )}
    </section>
  )
}
