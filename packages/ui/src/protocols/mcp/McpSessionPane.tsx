/**
 * The session panel (`Session/events`): Connect/Disconnect the session channel, what the server said at `initialize`,
 * the log level it should send (`logging/setLevel`), the server's requests waiting for an answer, and the configured
 * servers. The live log of notifications is the response pane.
 */
import { useState, type ReactElement } from 'react'
import type { McpLogLevel } from '@wirebench/core'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import type { PaneProps } from '../protocol-ui.js'
import { parseUrlSpec } from '../../state/url-spec.js'
import { mcpBadge } from './mcp-badge.js'
import { McpConnect } from './McpConnect.js'
import { McpServersPanel } from './McpServersPanel.js'
import { PendingRequests } from './PendingRequests.js'
import { SessionInfo } from './SessionInfo.js'
import { useMcpSession } from './useMcpSession.js'

const levels: McpLogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']

export function McpSessionPane({ target }: PaneProps): ReactElement {
  const session = useMcpSession(target)
  const { channel } = session
  const [level, setLevel] = useState<McpLogLevel | ''>('')
  const canLog = session.state.info?.capabilities.logging !== undefined
  const serverUrl = parseUrlSpec(target.origin).address
  // Stdio servers are started from configuration and take no OAuth token.
  const isHttp = /^https?:\/\//i.test(serverUrl)
  return (
    <>
      <MethodHeader
        target={target}
        badge={mcpBadge(target.method)}
        actions={
          channel.isActive ? (
            <button type="button" className="btn btn-danger" onClick={channel.cancel}>
              Disconnect session
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={channel.start}>
              Connect
            </button>
          )
        }
      />
      {session.state.closedReason && (
        <p className="mcp-request-problem" role="status">
          Session closed: {session.state.closedReason}
        </p>
      )}
      <SessionInfo info={session.state.info} stderr={session.state.stderr} />
      {isHttp && (
        <section className="mcp-authorization" aria-label="Authorization">
          <h3 className="mcp-section-title">Authorization (OAuth)</h3>
          <McpConnect url={serverUrl} discoveryUrl={target.origin} />
        </section>
      )}
      {canLog && (
        <label className="mcp-log-level">
          <span>Log level</span>
          <select
            className="input"
            aria-label="Log level"
            value={level}
            onChange={(event) => {
              const next = event.target.value as McpLogLevel
              setLevel(next)
              session.send({ op: 'setLevel', level: next })
            }}
          >
            <option value="" disabled>
              server default
            </option>
            {levels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      )}
      <PendingRequests session={session} />
      <details className="hub-options">
        <summary>Connection headers</summary>
        <RequestEditor target={target} headersLabel="Headers" />
      </details>
      <McpServersPanel />
    </>
  )
}
