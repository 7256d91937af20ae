/**
 * The MCP servers configured for this workbench (mcp.json, --mcp-config, --url mcp@stdio:): name, transport, what
 * runs, and Connect, which adds the server's address to the URL list so it is discovered. Stdio servers are only ever
 * named here; the command lines are shown, never sent back.
 */
import { useMemo, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { activeUrls } from '../../state/urls-store.js'
import { sameTarget } from '../../state/url-spec.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { useMcpServers } from './useMcpServers.js'
import '../../styles/mcp.css'

export function McpServersPanel(): ReactElement | null {
  const { urls } = useWorkbench()
  const view = useMcpServers()
  const [refused, setRefused] = useState<string | null>(null)
  const userUrls = useStore(urls, (s) => s.userUrls)
  const lockedUrls = useStore(urls, (s) => s.lockedUrls)
  const demoUrls = useStore(urls, (s) => s.demoUrls)
  const listed = useMemo(() => activeUrls({ userUrls, lockedUrls, demoUrls }), [userUrls, lockedUrls, demoUrls])
  const isLocked = lockedUrls !== null
  if (view.servers.length === 0 && view.issues.length === 0 && !view.error) return null
  return (
    <section className="mcp-servers" aria-label="Configured MCP servers">
      <h2 className="mcp-section-title">Configured MCP servers</h2>
      {view.error && <p className="mcp-request-problem">{view.error}</p>}
      {refused && (
        <p className="mcp-request-problem" role="alert">
          {refused}
        </p>
      )}
      <ul className="mcp-server-list">
        {view.servers.map((server) => {
          const isListed = listed.some((url) => sameTarget(url, server.url) || sameTarget(url, `mcp@${server.url}`))
          const what = server.transport === 'stdio' ? [server.command, ...(server.args ?? [])].join(' ') : server.url
          const exited =
            server.process?.state === 'exited'
              ? ` · exited ${server.process.exitCode ?? server.process.signal ?? ''}`
              : ''
          return (
            <li key={server.name} className="mcp-server" data-mcp-server={server.name}>
              <div className="mcp-server-main">
                <strong>{server.name}</strong> <span className="tag tag-neutral">{server.transport}</span>
                <div className="mono muted mcp-wrap" title={what}>
                  {what}
                  {exited}
                </div>
                <div className="muted mcp-server-source">
                  {server.source.kind === 'file' ? server.source.path : 'command line'}
                </div>
              </div>
              {isListed ? (
                <span className="muted">listed</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={isLocked}
                  title={isLocked ? 'The URL list is locked by the command line.' : `Discover ${server.url}`}
                  aria-label={`Connect ${server.name}`}
                  onClick={() => setRefused(urls.getState().add(server.url))}
                >
                  Connect
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {view.issues.map((issue, index) => (
        <p key={index} className="mcp-request-problem">
          {issue.file}
          {issue.server ? ` (${issue.server})` : ''}: {issue.message}
        </p>
      ))}
    </section>
  )
}
