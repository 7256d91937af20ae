/**
 * A URL-mode `elicitation/create` (MCP 2025-11-25): the server asks the user to visit a page of its own (a sign-in, a
 * payment, a consent). The URL is shown as text with its host set apart, so the user sees where it leads before going;
 * the page never opens or fetches it by itself. Only http(s) URLs get an Open link, in a new tab without an opener.
 * The user then answers: accept (I went there), decline, or cancel.
 */
import type { ReactElement } from 'react'
import type { McpSessionSend } from '@wirebench/core'
import type { PendingRequest } from './session-state.js'
import { openable } from './url-elicitation.js'
import { UrlTarget } from './UrlTarget.js'

interface UrlParams {
  message?: unknown
  url?: unknown
  elicitationId?: unknown
}

export function UrlElicitation({
  request,
  send,
}: {
  request: PendingRequest
  send: (message: McpSessionSend) => void
}): ReactElement {
  const params = (request.params ?? {}) as UrlParams
  const url = openable(params.url)
  const shown = typeof params.url === 'string' ? params.url : ''
  const answer = (action: 'accept' | 'decline' | 'cancel') =>
    send({ op: 'answer', requestId: request.requestId, result: { action } })
  return (
    <div className="mcp-elicitation mcp-url-elicitation" role="form" aria-label="URL elicitation">
      {typeof params.message === 'string' && <p className="mcp-request-message">{params.message}</p>}
      <UrlTarget url={url} shown={shown} />
      <div className="mcp-request-actions">
        {url && (
          <a className="btn btn-primary" href={url.href} target="_blank" rel="noopener noreferrer">
            Open {url.host}
          </a>
        )}
        <button type="button" className="btn" onClick={() => answer('accept')} disabled={!url}>
          Done (accept)
        </button>
        <button type="button" className="btn" onClick={() => answer('decline')}>
          Decline
        </button>
        <button type="button" className="btn" onClick={() => answer('cancel')}>
          Cancel
        </button>
      </div>
      <p className="muted mcp-field-hint">
        Wirebench does not open or fetch this address itself. Open it, finish there, then answer the server.
      </p>
    </div>
  )
}
