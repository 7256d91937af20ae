/** A query's or mutation's result: status, HTTP status, time and size, then data and errors side by side, the raw body and headers. */
import { useMemo, useState, type ReactElement } from 'react'
import { Tabs } from '../../components/Tabs.js'
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
import { ValidationBadge } from '../../features/response/ValidationBadge.js'
import { ValidationProblems } from '../../features/response/ValidationProblems.js'
import { useValidationMarks } from '../../features/response/useValidationMarks.js'
import { useHintedView } from '../../features/hints/useHintedView.js'
import type { CallRecord } from '../../state/calls-store.js'
import { GraphqlDataErrors } from './GraphqlDataErrors.js'
import { graphqlOutcome, readGraphqlResponse } from './graphql-response.js'

type ResultTab = 'result' | 'raw' | 'headers' | SentTab

export function GraphqlResult({ record, draftKey }: { record: CallRecord; draftKey: string }): ReactElement {
  const [tab, setTab] = useState<ResultTab>('result')
  const marks = useValidationMarks(record, () => setTab('raw'))
  const [findSignal, setFindSignal] = useState(0)
  useHintedView(draftKey, (view) => {
    setTab(view === 'timing' ? 'timing' : view === 'find' ? 'raw' : 'result')
    if (view === 'find') setFindSignal((n) => n + 1)
    if (view === 'validation' && !marks.isOpen) marks.toggle()
  })
  const { result } = record
  const view = useMemo(() => readGraphqlResponse(result?.response), [result?.response])
  const httpStatus = result?.metadata.http_status
  const outcome = result ? graphqlOutcome(view, result.status, httpStatus) : undefined
  // A Request or Timing tab the new result lacks falls back to the result.
  const shown: ResultTab =
    isSentTab(tab) && !(result && sentTabItems(result).some((t) => t.id === tab)) ? 'result' : tab
  const headers = Object.entries(result?.metadata ?? {})
    .filter(([name]) => name !== 'http_status')
    .sort(([a], [b]) => a.localeCompare(b))
  return (
    <section className="response-pane gql-response" aria-label="Response" aria-busy={record.isSending}>
      <div className="response-summary" data-started={record.startedAt}>
        {outcome && (
          <span title={outcome.title}>
            <StatusBadge label={outcome.label} tone={outcome.tone} />
          </span>
        )}
        <NoResultBadge record={record} />
        {httpStatus && outcome && !outcome.label.startsWith('HTTP') && (
          <span className="response-fact" title="HTTP status of the response">
            <span className="muted">HTTP</span> <span className="mono">{httpStatus}</span>
          </span>
        )}
        {view.isPartial && (
          <span className="tag tag-warn gql-partial" title="Some fields resolved, others failed: see the errors">
            Partial data
          </span>
        )}
        {result && <ValidationBadge result={result} isOpen={marks.isOpen} onToggle={marks.toggle} />}
        {result && <TimeAndSize result={result} />}
        <SendingNote record={record} />
      </div>
      <PreviousNote draftKey={draftKey} record={record} />
      <CallProblem record={record} />
      <CancelledNote record={record} />
      {result && (
        <>
          {marks.isListShown && marks.validation && (
            <ValidationProblems validation={marks.validation} selected={marks.marked} onSelect={marks.select} />
          )}
          <Tabs
            idPrefix="response"
            label="Response views"
            selected={shown}
            onSelect={setTab}
            items={[
              {
                id: 'result',
                label: 'Result',
                count: view.errors.length,
                title: view.errors.length ? `Data and ${view.errors.length} error(s)` : 'Data',
              },
              { id: 'raw', label: 'Body' },
              { id: 'headers', label: 'Headers', count: headers.length },
              ...sentTabItems(result),
            ]}
          />
          <div
            className={`response-panel${record.isSending ? ' is-stale' : ''}`}
            id="response-panel"
            role="tabpanel"
            aria-labelledby={`response-tab-${shown}`}
          >
            {shown === 'result' &&
              (view.isForeign ? (
                <div className="response-error">
                  <p className="muted">The body is not a GraphQL response. See it under Body.</p>
                </div>
              ) : (
                <GraphqlDataErrors key={record.startedAt} view={view} />
              ))}
            {shown === 'raw' && (
              <ResponseBody
                key={record.startedAt}
                result={result}
                highlight={marks.marked}
                chainKey={draftKey}
                findSignal={findSignal}
              />
            )}
            {shown === 'headers' && <HeadersTable entries={headers} label="Headers" />}
            {isSentTab(shown) && <SentTabPanel tab={shown} result={result} />}
          </div>
        </>
      )}
    </section>
  )
}
