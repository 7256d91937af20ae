/**
 * The one notice about the session: the page has no token, its token is not accepted, or its one-time sign-in link
 * was spent or expired, with the way back (the URL the terminal printed). The page asks the server nothing else until
 * the session works, so this stays the only message about it.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import type { ApiError } from '../../api/api-error.js'
import { isTokenReplaced } from '../../api/session-token.js'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'

interface SessionMessage {
  title: string
  detail: string
}

/** Names what happened in the user's terms; the server's detail is kept when it knows better (a host refusal). */
function messageFor(problem: ApiError): SessionMessage {
  const detail = problem.problem.detail ?? problem.message
  if (problem.problem.status === 0) {
    return { title: 'The workbench server cannot be reached', detail }
  }
  if (isTokenReplaced(problem)) return { title: 'Another program may have used this sign-in link', detail }
  if (/ticket/i.test(detail)) return { title: 'This sign-in link no longer works', detail }
  if (problem.problem.status === 403) return { title: problem.problem.title, detail }
  if (/wrong/i.test(detail)) {
    return {
      title: 'The session token was not accepted',
      detail: 'The workbench was probably restarted since this page got its token: each start makes a new one.',
    }
  }
  return {
    title: 'No session token',
    detail: 'This page was opened without the workbench’s session token, so the server refuses its requests.',
  }
}

export function SessionBanner(): ReactElement | null {
  const { session } = useWorkbench()
  const problem = useStore(session, (s) => s.sessionProblem)
  const isEmbedded = useStore(session, (s) => s.config.mode === 'embedded')
  if (!problem) return null
  const { title, detail } = messageFor(problem)
  const serverHint = problem.problem.hint
  return (
    <div className="session-banner">
      <div className="problem" role="alert" aria-labelledby="session-banner-title">
        <Icon name="alert" className="problem-icon" />
        <div className="problem-body">
          <div className="problem-title" id="session-banner-title">
            {title}
          </div>
          <div className="problem-detail">{detail}</div>
          <div className="problem-hint">
            {isEmbedded || problem.problem.status === 0 ? (
              (serverHint ?? 'Reload the page once the workbench is running again.')
            ) : isTokenReplaced(problem) ? (
              <>
                Open the <strong>new</strong> URL the <span className="mono">wirebench</span> command just printed in
                your terminal (it ends with <span className="mono">#token=…</span>) in this tab. The link this page was
                opened with, and any token it gave out, no longer work.
              </>
            ) : (
              <>
                Open the URL the <span className="mono">wirebench</span> command printed in your terminal (it ends with{' '}
                <span className="mono">#token=…</span>) in this tab, or start <span className="mono">wirebench</span>{' '}
                again to get a new one.
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  )
}
