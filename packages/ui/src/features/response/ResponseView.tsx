/** The response pane shared by every protocol: status, timing, size, then body and headers tabs. */
import { useState, type ReactElement } from 'react'
import { formatBytes, formatDuration } from '../../components/format.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { Spinner } from '../../components/Spinner.js'
import { Tabs } from '../../components/Tabs.js'
import type { CallRecord } from '../../state/calls-store.js'
import { callProblemHint } from './call-problem-hint.js'
import { HeadersTable } from './HeadersTable.js'
import { ResponseBody } from './ResponseBody.js'
import { StatusBadge, type StatusTone } from './StatusBadge.js'

export interface ResponseViewProps {
  record: CallRecord | undefined
  status?: { label: string; tone: StatusTone; title?: string }
  headers: Array<[string, string]>
  headersLabel: string
}

type ResponseTab = 'body' | 'headers'

export function ResponseView({ record, status, headers, headersLabel }: ResponseViewProps): ReactElement {
  const [tab, setTab] = useState<ResponseTab>('body')
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
  const { result, error } = record
  return (
    <section className="response-pane" aria-label="Response" aria-busy={record.isSending}>
      <div className="response-summary" data-started={record.startedAt}>
        {status && (
          <span title={status.title}>
            <StatusBadge label={status.label} tone={status.tone} />
          </span>
        )}
        {!status && error && !record.isSending && <StatusBadge label="No response" tone="server-error" />}
        {result && (
          <>
            <span className="response-fact" title="Time the target took to answer">
              <span className="muted">Time</span> <span className="mono">{formatDuration(result.durationMs)}</span>
            </span>
            {result.sizeBytes !== undefined && (
              <span className="response-fact" title="Body size on the wire">
                <span className="muted">Size</span> <span className="mono">{formatBytes(result.sizeBytes)}</span>
              </span>
            )}
            {result.contentType && (
              <span className="response-fact mono muted response-ctype">{result.contentType}</span>
            )}
          </>
        )}
        {record.isSending && (
          <span className="response-sending">
            <Spinner label="Waiting for the response" /> Sending…
          </span>
        )}
      </div>
      {error && !record.isSending && (
        <div className="response-error">
          <ProblemNotice error={error} hint={callProblemHint(error.problem)} />
        </div>
      )}
      {result && (
        <>
          {result.statusMessage && !status?.label.includes(result.statusMessage) && (
            <div className="response-status-message">{result.statusMessage}</div>
          )}
          <Tabs
            idPrefix="response"
            label="Response views"
            selected={tab}
            onSelect={setTab}
            items={[
              { id: 'body', label: 'Body' },
              { id: 'headers', label: headersLabel, count: headers.length },
            ]}
          />
          <div
            className={`response-panel${record.isSending ? ' is-stale' : ''}`}
            id="response-panel"
            role="tabpanel"
            aria-labelledby={`response-tab-${tab}`}
          >
            {tab === 'body' ? (
              <ResponseBody key={record.startedAt} result={result} />
            ) : (
              <HeadersTable entries={headers} label={headersLabel} />
            )}
          </div>
        </>
      )}
    </section>
  )
}
