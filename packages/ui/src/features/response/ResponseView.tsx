/** The response pane shared by every protocol: status, timing, size, then body and headers tabs. */
import { useState, type ReactElement } from 'react'
import { Tabs } from '../../components/Tabs.js'
import { AssertionResults } from '../assertions/AssertionResults.js'
import type { CallRecord } from '../../state/calls-store.js'
import { HeadersTable } from './HeadersTable.js'
import { CallProblem, CancelledNote, NoResultBadge, PreviousNote, SendingNote, TimeAndSize } from './ResponseFacts.js'
import { ResponseBody } from './ResponseBody.js'
import { SentTabPanel, isSentTab, sentTabItems, type SentTab } from './SentTabs.js'
import { StatusBadge, type StatusTone } from './StatusBadge.js'
import { ValidationBadge } from './ValidationBadge.js'
import { ValidationProblems } from './ValidationProblems.js'
import { useValidationMarks } from './useValidationMarks.js'
import { useHintedView } from '../hints/useHintedView.js'

export interface ResponseViewProps {
  record: CallRecord | undefined
  status?: { label: string; tone: StatusTone; title?: string }
  headers: Array<[string, string]>
  headersLabel: string
  /** The draft whose held Send marks this response as the previous one. */
  draftKey?: string
}

type ResponseTab = 'body' | 'headers' | SentTab

export function ResponseView({ record, status, headers, headersLabel, draftKey }: ResponseViewProps): ReactElement {
  const [tab, setTab] = useState<ResponseTab>('body')
  const marks = useValidationMarks(record, () => setTab('body'))
  const [findSignal, setFindSignal] = useState(0)
  useHintedView(draftKey, (view) => {
    setTab(view === 'timing' ? 'timing' : 'body')
    if (view === 'find') setFindSignal((n) => n + 1)
    if (view === 'validation' && !marks.isOpen) marks.toggle()
  })
  if (!record) {
    return (
      <section className="response-pane" aria-label="Response">
        <div className="empty-state">
          <h2>No response yet</h2>
          <p>
            Fill in the request and press <kbd>Ctrl</kbd> <kbd>Enter</kbd> to send it.
          </p>
        </div>
      </section>
    )
  }
  const { result } = record
  const tabs = [
    { id: 'body' as const, label: 'Body' },
    { id: 'headers' as const, label: headersLabel, count: headers.length },
    ...(result ? sentTabItems(result) : []),
  ]
  const shown: ResponseTab = tabs.some((t) => t.id === tab) ? tab : 'body'
  return (
    <section className="response-pane" aria-label="Response" aria-busy={record.isSending}>
      <div className="response-summary" data-started={record.startedAt}>
        {status && (
          <span title={status.title}>
            <StatusBadge label={status.label} tone={status.tone} />
          </span>
        )}
        {!status && <NoResultBadge record={record} />}
        {result && (
          <>
            <ValidationBadge result={result} isOpen={marks.isOpen} onToggle={marks.toggle} />
            <TimeAndSize result={result} />
            {result.contentType && (
              <span className="response-fact mono muted response-ctype">{result.contentType}</span>
            )}
          </>
        )}
        <SendingNote record={record} />
      </div>
      {draftKey !== undefined && <PreviousNote draftKey={draftKey} record={record} />}
      {draftKey !== undefined && <AssertionResults draftKey={draftKey} record={record} />}
      <CallProblem record={record} />
      <CancelledNote record={record} />
      {result && (
        <>
          {result.statusMessage && !status?.label.includes(result.statusMessage) && (
            <div className="response-status-message">{result.statusMessage}</div>
          )}
          {marks.isListShown && marks.validation && (
            <ValidationProblems validation={marks.validation} selected={marks.marked} onSelect={marks.select} />
          )}
          <Tabs idPrefix="response" label="Response views" selected={shown} onSelect={setTab} items={tabs} />
          <div
            className={`response-panel${record.isSending ? ' is-stale' : ''}`}
            id="response-panel"
            role="tabpanel"
            aria-labelledby={`response-tab-${shown}`}
          >
            {shown === 'body' && (
              <ResponseBody
                key={record.startedAt}
                result={result}
                highlight={marks.marked}
                chainKey={draftKey}
                findSignal={findSignal}
              />
            )}
            {shown === 'headers' && <HeadersTable entries={headers} label={headersLabel} />}
            {isSentTab(shown) && <SentTabPanel tab={shown} result={result} />}
          </div>
        </>
      )}
    </section>
  )
}
