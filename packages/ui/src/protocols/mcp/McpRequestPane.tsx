/**
 * The MCP request pane: the session panel for `Session/events`, else a call — tool, resource, template, prompt or a
 * session op — with its form (from the tool's inputSchema, the template's variables, the prompt's arguments), the
 * tool's annotations as badges, a confirmation before a destructive tool, and the running call's progress.
 */
import type { ReactElement } from 'react'
import { MCP_SESSION_EVENTS_METHOD } from '@wirebench/core'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import { SendButton } from '../../features/request/SendButton.js'
import type { PaneProps } from '../protocol-ui.js'
import { CompletionSuggestions } from './CompletionSuggestions.js'
import { ConfirmRun } from './ConfirmRun.js'
import { ElicitationRequired } from './ElicitationRequired.js'
import { mcpBadge } from './mcp-badge.js'
import { McpSessionPane } from './McpSessionPane.js'
import { PendingRequests } from './PendingRequests.js'
import { ProgressBar } from './ProgressBar.js'
import { ResourceWatch } from './ResourceWatch.js'
import { progressOf } from './session-state.js'
import { McpMethodFacts } from './ToolBadges.js'
import { useCompletion } from './useCompletion.js'
import { useMcpCall } from './useMcpCall.js'
import { useMcpSession } from './useMcpSession.js'
import '../../styles/live.css'
import '../../styles/mcp.css'

export function McpRequestPane({ target }: PaneProps): ReactElement {
  const isEvents = target.method.mcp?.kind === 'session' && target.method.name === MCP_SESSION_EVENTS_METHOD
  return (
    <section className="request-pane mcp-pane" aria-label="Request" data-mcp-kind={target.method.mcp?.kind ?? ''}>
      {isEvents ? <McpSessionPane target={target} /> : <CallRequest target={target} />}
    </section>
  )
}

function CallRequest({ target }: PaneProps): ReactElement {
  const call = useMcpCall(target)
  const session = useMcpSession(target)
  const isSending = !!call.record?.isSending
  const progress = call.progressToken ? progressOf(session.state, call.progressToken) : undefined
  const completion = useCompletion(target, session)
  const mcp = target.method.mcp
  const title = mcp?.title
  return (
    <>
      <MethodHeader
        target={target}
        badge={mcpBadge(target.method)}
        subtitle={
          <>
            {title && title !== target.method.summary && <p className="method-summary">{title}</p>}
            <McpMethodFacts method={target.method} />
          </>
        }
        actions={
          <>
            <ExportButton target={target} />
            <SendButton isSending={isSending} onSend={call.send} onCancel={call.cancel} />
          </>
        }
      />
      {call.isConfirming && (
        <ConfirmRun toolName={target.method.name} onRun={call.sendConfirmed} onDismiss={call.dismissConfirm} />
      )}
      {isSending && <ProgressBar progress={progress} />}
      {mcp?.kind === 'resource' && mcp.uri && <ResourceWatch uri={mcp.uri} session={session} onRead={call.send} />}
      <ElicitationRequired record={call.record} session={session} onRetry={call.send} />
      <PendingRequests session={session} compact />
      <CompletionSuggestions completion={completion} />
      <div className="mcp-editor" onInput={(event) => completion.onInput(event.target)}>
        <RequestEditor target={target} headersLabel="Headers" />
      </div>
    </>
  )
}
