/** The MCP response pane: the session channel's live log (notifications, server requests, filterable by kind), or a call's result. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { MCP_SESSION_EVENTS_METHOD } from '@wirebench/core'
import { LiveResponsePane } from '../../features/live/LiveResponsePane.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'
import { McpResultView } from './McpResultView.js'

export function McpResponsePane({ target }: PaneProps): ReactElement {
  if (target.method.name === MCP_SESSION_EVENTS_METHOD && target.method.mcp?.kind === 'session') {
    return (
      <LiveResponsePane
        target={target}
        flavor="mcp"
        emptyTitle="Not connected"
        emptyHint={
          <>
            Press <strong>Connect</strong>: the server&apos;s notifications, logs, progress and requests show here.
          </>
        }
      />
    )
  }
  return <CallResponse target={target} />
}

function CallResponse({ target }: PaneProps): ReactElement {
  const { calls } = useWorkbench()
  const record = useStore(calls, (s) => s.calls[target.key])
  if (!record) {
    return (
      <section className="response-pane" aria-label="Response">
        <div className="empty-state">
          <h2>No response yet</h2>
          <p>
            Fill in the form and press <kbd>Ctrl</kbd> <kbd>Enter</kbd> to send it.
          </p>
        </div>
      </section>
    )
  }
  return <McpResultView record={record} draftKey={target.key} />
}
