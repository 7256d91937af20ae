/**
 * A call the server refused with `URLElicitationRequiredError` (-32042): it lists the pages the user must finish
 * first. Each is shown like a URL-mode elicitation request (host apart, an Open link in a new tab, never opened or
 * fetched by the page), then the same call is sent again — by the user's Retry, or by itself once the server has
 * reported every listed elicitation complete (`notifications/elicitation/complete`; servers need not send it).
 */
import { useEffect, useRef, type ReactElement } from 'react'
import type { CallRecord } from '../../state/calls-store.js'
import { openable, requiredElicitations } from './url-elicitation.js'
import { UrlTarget } from './UrlTarget.js'
import type { McpSessionHandle } from './useMcpSession.js'

export function ElicitationRequired({
  record,
  session,
  onRetry,
}: {
  record: CallRecord | undefined
  session: McpSessionHandle
  onRetry: () => void
}): ReactElement | null {
  const needed = record?.isSending ? undefined : requiredElicitations(record?.result?.response)
  const completed = session.state.completedElicitations
  const isDone = (id: string | undefined) => id !== undefined && completed.includes(id)
  const isAllDone = needed !== undefined && needed.length > 0 && needed.every((n) => isDone(n.elicitationId))
  // One automatic retry per refused call: a server that refuses again shows its new list and waits for the user.
  const retriedFor = useRef<number>(undefined)
  useEffect(() => {
    if (!isAllDone || !record || retriedFor.current === record.startedAt) return
    retriedFor.current = record.startedAt
    onRetry()
  }, [isAllDone, record, onRetry])
  if (!needed) return null
  return (
    <section className="mcp-requests" aria-label="URL elicitation required">
      <article className="mcp-request">
        <header className="mcp-request-head">
          <span className="tag tag-warn">URL elicitation required (-32042)</span>
        </header>
        <p className="mcp-request-message">
          The server will not run this call until you finish{' '}
          {needed.length === 1 ? 'the page below' : `the ${needed.length} pages below`} in your browser. Open{' '}
          {needed.length === 1 ? 'it' : 'each'}, finish there, then retry the call.
        </p>
        {needed.map((entry, index) => {
          const url = openable(entry.url)
          return (
            <div
              key={entry.elicitationId ?? index}
              className="mcp-elicitation mcp-url-elicitation"
              role="group"
              aria-label="Page to finish"
            >
              {entry.message && <p className="mcp-request-message">{entry.message}</p>}
              <UrlTarget url={url} shown={entry.url} />
              <div className="mcp-request-actions">
                {url && (
                  <a className="btn" href={url.href} target="_blank" rel="noopener noreferrer">
                    Open {url.host}
                  </a>
                )}
                {isDone(entry.elicitationId) && <span className="tag tag-ok">the server says it is done</span>}
              </div>
            </div>
          )
        })}
        <div className="mcp-request-actions mcp-elicitation-retry">
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Retry the call
          </button>
        </div>
        <p className="muted mcp-field-hint">
          Wirebench does not open or fetch these addresses itself. The call is sent again as it is; when the server
          reports every page finished, that happens by itself.
        </p>
      </article>
    </section>
  )
}
