/**
 * Connect for an MCP server that wants an OAuth token (MCP authorization): the button that runs the popup flow, the
 * steps done so far (metadata found, client registered, authorized, token), "connected as / expires" with Disconnect,
 * and what went wrong. Shown on a URL whose discovery met a 401 and in the server's session panel.
 */
import type { ReactElement } from 'react'
import type { AuthChallenge } from '@wirebench/core'
import { Icon } from '../../components/Icon.js'
import { Spinner } from '../../components/Spinner.js'
import { useMcpAuthorization } from './useMcpAuthorization.js'

export interface McpConnectProps {
  /** The MCP server's address. */
  url: string
  /** The URL-list entry discovered again once connected (may carry an `mcp@` pin). */
  discoveryUrl: string
  challenge?: AuthChallenge | undefined
  /** Compact: the button alone until something happens (the URL chip). */
  compact?: boolean
}

function expiresIn(expiresAt: number | undefined): string {
  if (expiresAt === undefined) return 'no stated expiry'
  const seconds = Math.max(0, Math.round((expiresAt - Date.now()) / 1000))
  return `expires in ${seconds} s (${new Date(expiresAt).toLocaleTimeString()})`
}

export function McpConnect({ url, discoveryUrl, challenge, compact = false }: McpConnectProps): ReactElement {
  const { status, attempt, connect, cancel, disconnect } = useMcpAuthorization(url, discoveryUrl, challenge)
  const connected = status?.connected === true
  const steps = attempt.kind === 'idle' ? (status?.steps ?? []) : attempt.steps
  return (
    <div className={`mcp-connect${compact ? ' is-compact' : ''}`} data-connected={connected}>
      {connected && (
        <p className="mcp-connect-status" role="status">
          <span className="oauth-dot is-on" aria-hidden="true" /> <strong>Connected</strong>
          {status.subject ? ` as ${status.subject}` : ''} — {expiresIn(status.expiresAt)}
        </p>
      )}
      <div className="auth-action-row">
        <button
          type="button"
          className="btn btn-primary btn-small"
          aria-label={connected ? 'Reconnect with OAuth' : 'Connect with OAuth'}
          title="Sign in at the server's authorization server in a popup; the token stays in the workbench"
          disabled={attempt.kind === 'waiting'}
          onClick={() => void connect()}
        >
          {connected ? 'Reconnect' : 'Connect'}
        </button>
        {connected && (
          <button
            type="button"
            className="btn btn-small"
            title="Drop the tokens the workbench holds for this server"
            onClick={() => void disconnect()}
          >
            Forget authorization
          </button>
        )}
        {attempt.kind === 'waiting' && (
          <>
            <span className="auth-help">
              <Spinner label="Waiting for the sign-in window" size={12} />
              {compact ? '' : ' Waiting for the sign-in window…'}
            </span>
            <button type="button" className="btn btn-ghost btn-small" onClick={cancel}>
              Cancel
            </button>
          </>
        )}
        {compact && attempt.kind === 'failed' && (
          // The chip keeps one line: a warning mark beside the button, the whole reason in its tooltip (and read out).
          <span className="mcp-connect-error" role="alert" title={[attempt.message, attempt.hint].join(' ')}>
            <Icon name="alert" size={12} />
            <span className="visually-hidden">{attempt.message}</span>
          </span>
        )}
      </div>
      {steps.length > 0 && !compact && (
        <ol className="mcp-connect-steps" aria-label="Authorization steps">
          {steps.map((step) => (
            <li key={step.step}>
              <span aria-hidden="true">✓</span> {step.detail}
            </li>
          ))}
        </ol>
      )}
      {!compact && attempt.kind === 'failed' && (
        <div className="auth-preview is-error" role="alert">
          <div className="auth-preview-title">
            <Icon name="alert" size={14} /> {attempt.message}
          </div>
          {attempt.hint && <p className="auth-help">{attempt.hint}</p>}
        </div>
      )}
    </div>
  )
}
