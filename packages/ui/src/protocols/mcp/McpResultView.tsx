/**
 * An MCP call's result: a tool error (`isError`) as the tool's own error, not a transport failure; the content blocks
 * rendered by kind (or a prompt's messages, a resource's contents); structured content beside its schema check; then
 * the raw result, the MCP metadata and what was sent.
 */
import { useState, type ReactElement } from 'react'
import { Tabs } from '../../components/Tabs.js'
import { HeadersTable } from '../../features/response/HeadersTable.js'
import {
  CallProblem,
  CancelledNote,
  NoResultBadge,
  SendingNote,
  TimeAndSize,
} from '../../features/response/ResponseFacts.js'
import { ResponseBody } from '../../features/response/ResponseBody.js'
import { SentTabPanel, isSentTab, sentTabItems, type SentTab } from '../../features/response/SentTabs.js'
import { StatusBadge } from '../../features/response/StatusBadge.js'
import { ValidationBadge } from '../../features/response/ValidationBadge.js'
import { ValidationProblems } from '../../features/response/ValidationProblems.js'
import { useValidationMarks } from '../../features/response/useValidationMarks.js'
import type { CallRecord } from '../../state/calls-store.js'
import { ContentBlock } from './ContentBlock.js'
import { resultBlocks } from './content-blocks.js'
import { StructuredResult } from './StructuredResult.js'
import { URL_ELICITATION_REQUIRED } from './url-elicitation.js'

type ResultTab = 'result' | 'raw' | 'metadata' | SentTab

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function McpResultView({ record }: { record: CallRecord }): ReactElement {
  const [tab, setTab] = useState<ResultTab>('result')
  const marks = useValidationMarks(record, () => setTab('raw'))
  const { result } = record
  const response = isObject(result?.response) ? result.response : {}
  const isToolError = response.isError === true
  const rpcError = isObject(response.error) ? response.error : undefined
  const metadata = Object.entries(result?.metadata ?? {}).sort(([a], [b]) => a.localeCompare(b))
  const tabs = [
    { id: 'result' as const, label: 'Result' },
    { id: 'raw' as const, label: 'Raw' },
    { id: 'metadata' as const, label: 'Metadata', count: metadata.length },
    ...(result ? sentTabItems(result) : []),
  ]
  const shown: ResultTab = tabs.some((t) => t.id === tab) ? tab : 'result'
  const { blocks, messages } = resultBlocks(response)
  const status = !result
    ? undefined
    : isToolError
      ? { label: 'Tool error', tone: 'server-error' as const }
      : rpcError
        ? {
            label: typeof rpcError.code === 'number' ? `Error ${rpcError.code}` : 'Error',
            tone: 'server-error' as const,
          }
        : result.status === 'OK'
          ? { label: 'OK', tone: 'success' as const }
          : { label: result.status, tone: 'server-error' as const }
  return (
    <section className="response-pane mcp-result" aria-label="Response" aria-busy={record.isSending}>
      <div className="response-summary" data-started={record.startedAt}>
        {status && <StatusBadge label={status.label} tone={status.tone} />}
        <NoResultBadge record={record} />
        {result && <ValidationBadge result={result} isOpen={marks.isOpen} onToggle={marks.toggle} />}
        {result && <TimeAndSize result={result} />}
        <SendingNote record={record} />
      </div>
      <CallProblem record={record} />
      <CancelledNote record={record} />
      {result && (
        <>
          {isToolError && (
            <p className="mcp-tool-error" role="alert">
              The tool reported an error (isError): the server ran it and says it failed.
            </p>
          )}
          {rpcError && (
            <p className="mcp-tool-error" role="alert">
              The server answered a JSON-RPC error: {typeof rpcError.message === 'string' ? rpcError.message : ''}
              {rpcError.code === URL_ELICITATION_REQUIRED &&
                ' Finish the pages listed with the call’s form, then retry.'}
            </p>
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
            {shown === 'result' && (
              <div className="mcp-blocks">
                {typeof response.description === 'string' && <p className="muted">{response.description}</p>}
                {blocks.map((block, index) => (
                  <ContentBlock key={index} view={block} />
                ))}
                {messages?.map((message, index) => (
                  <div key={index} className="mcp-message" data-role={message.role}>
                    <span className="tag tag-neutral">{message.role}</span>
                    <ContentBlock view={message.block} />
                  </div>
                ))}
                <StructuredResult
                  value={response.structuredContent}
                  hasValue={'structuredContent' in response}
                  validation={result.outputValidation}
                />
                {blocks.length === 0 && !messages && !('structuredContent' in response) && !rpcError && (
                  <p className="muted">No content.</p>
                )}
              </div>
            )}
            {shown === 'raw' && <ResponseBody key={record.startedAt} result={result} highlight={marks.marked} />}
            {shown === 'metadata' && <HeadersTable entries={metadata} label="Metadata" />}
            {isSentTab(shown) && <SentTabPanel tab={shown} result={result} />}
          </div>
        </>
      )}
    </section>
  )
}
