/**
 * The server's requests waiting for the user (elicitation, sampling), each answered from here, and what became of the
 * recent ones: answered by the workbench (`roots/list`, `ping`), timed out unanswered (a visible notice), withdrawn.
 */
import type { ReactElement } from 'react'
import { ElicitationForm } from './ElicitationForm.js'
import { SamplingAnswer } from './SamplingAnswer.js'
import { UrlElicitation } from './UrlElicitation.js'
import type { McpSessionHandle } from './useMcpSession.js'

/** A URL-mode elicitation asks the user to visit a page, not to fill a form. */
const isUrlMode = (params: unknown): boolean => (params as { mode?: unknown } | undefined)?.mode === 'url'

const outcomeText = { answered: 'answered', expired: 'timed out', cancelled: 'withdrawn' } as const

export function PendingRequests({
  session,
  compact = false,
}: {
  session: McpSessionHandle
  compact?: boolean
}): ReactElement | null {
  const { pending, settled } = session.state
  // Beside a call, only what needs the user: waiting requests, and notices of ones that timed out or were withdrawn.
  const shownSettled = compact ? settled.filter((s) => s.outcome !== 'answered').slice(-3) : settled.slice(-8)
  if (pending.length === 0 && shownSettled.length === 0 && compact) return null
  return (
    <section className="mcp-requests" aria-label="Server requests">
      <h2 className="mcp-section-title">Server requests</h2>
      {pending.length === 0 && <p className="muted">Nothing waiting. Elicitation and sampling requests show here.</p>}
      {pending.map((request) => (
        <article key={String(request.requestId)} className="mcp-request" aria-label={request.method}>
          <header className="mcp-request-head">
            <span className="tag tag-warn">{request.method}</span>
            <span className="muted">expires {new Date(request.expiresAt).toLocaleTimeString()}</span>
          </header>
          {request.method === 'elicitation/create' && isUrlMode(request.params) ? (
            <UrlElicitation request={request} send={session.send} />
          ) : request.method === 'elicitation/create' ? (
            <ElicitationForm request={request} send={session.send} />
          ) : (
            <SamplingAnswer request={request} send={session.send} />
          )}
        </article>
      ))}
      {shownSettled.length > 0 && (
        <ul className="mcp-settled">
          {shownSettled.map((s, index) => (
            <li
              key={`${String(s.requestId)}-${index}`}
              className={`mcp-settled-${s.outcome}`}
              role={s.outcome === 'expired' ? 'alert' : undefined}
            >
              <span className="mono">{s.method}</span> {outcomeText[s.outcome]}
              {s.by ? ` by the ${s.by}` : ''}
              {s.detail ? `: ${s.detail}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
