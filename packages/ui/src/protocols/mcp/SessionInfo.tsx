/**
 * What the server said at `initialize`: name, version, negotiated protocol version, transport, session id,
 * capabilities, its instructions (shown as plain text: the server's data) and, for stdio, the process and stderr tail.
 */
import type { ReactElement } from 'react'
import type { McpSessionInfo } from '@wirebench/core'

const transports: Record<McpSessionInfo['transport'], string> = {
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP+SSE (legacy)',
  stdio: 'stdio',
}

function capabilityText(name: string, value: unknown): string {
  const flags =
    typeof value === 'object' && value !== null
      ? Object.entries(value)
          .filter(([, v]) => v === true)
          .map(([k]) => k)
      : []
  return flags.length > 0 ? `${name} (${flags.join(', ')})` : name
}

export function SessionInfo({ info, stderr }: { info: McpSessionInfo | undefined; stderr: string[] }): ReactElement {
  if (!info) return <p className="muted mcp-session-empty">Connecting to the server…</p>
  const process = info.process
  const tail = stderr.length > 0 ? stderr : (process?.stderrTail ?? [])
  return (
    <section className="mcp-session-info" aria-label="Session">
      <dl className="mcp-facts-list">
        <dt>Server</dt>
        <dd>
          <strong>{info.serverInfo.title ?? info.serverInfo.name}</strong>{' '}
          <span className="mono muted">
            {info.serverInfo.name} {info.serverInfo.version}
          </span>
        </dd>
        <dt>Protocol version</dt>
        <dd className="mono" data-testid="mcp-protocol-version">
          {info.protocolVersion}
        </dd>
        <dt>Transport</dt>
        <dd>{transports[info.transport]}</dd>
        {info.sessionId && (
          <>
            <dt>Session id</dt>
            <dd className="mono mcp-wrap">{info.sessionId}</dd>
          </>
        )}
        <dt>Capabilities</dt>
        <dd>
          <ul className="mcp-capabilities" aria-label="Capabilities">
            {Object.entries(info.capabilities).map(([name, value]) => (
              <li key={name} className="tag tag-neutral">
                {capabilityText(name, value)}
              </li>
            ))}
          </ul>
        </dd>
        {process && (
          <>
            <dt>Process</dt>
            <dd className="mono">
              {process.state}
              {process.pid !== undefined ? ` · pid ${process.pid}` : ''}
              {process.exitCode !== undefined && process.exitCode !== null ? ` · exit ${process.exitCode}` : ''}
              {process.signal ? ` · ${process.signal}` : ''}
            </dd>
          </>
        )}
      </dl>
      {info.instructions && (
        <details className="mcp-instructions" open>
          <summary>Instructions</summary>
          <p className="mcp-pre">{info.instructions}</p>
        </details>
      )}
      {info.transport === 'stdio' && (
        <details className="mcp-stderr" open={tail.length > 0}>
          <summary>stderr ({tail.length} lines)</summary>
          <pre className="mcp-stderr-tail" aria-label="stderr">
            {tail.join('\n')}
          </pre>
        </details>
      )}
    </section>
  )
}
