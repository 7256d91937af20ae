/**
 * Notices of calls that went without the active environment's credentials: the host was refused (now or before),
 * could not be asked about, or names no host. Secret variables the call referenced are listed: they went as written.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import type { WithheldNotice } from '../../state/auth-hosts.js'
import { useWorkbench } from '../../state/useWorkbench.js'

function why(notice: WithheldNotice): string {
  switch (notice.reason) {
    case 'refused':
    case 'refused-now':
      return 'it is refused for this environment'
    case 'no-host':
      return 'the call names no host to approve'
    case 'undecided':
    case 'approved':
    case 'approved-now':
    case 'pre-approved':
    case 'nothing-to-bind':
      return 'it is not approved for this environment'
  }
}

export function WithheldNotices(): ReactElement | null {
  const { auth } = useWorkbench()
  const notices = useStore(auth.hostQuestions.store, (s) => s.notices)
  if (notices.length === 0) return null
  const { dismissNotice } = auth.hostQuestions.store.getState()
  return (
    <>
      {notices.map((notice) => (
        <div key={notice.id} className="env-notice withheld-notice" role="status" data-host={notice.host ?? ''}>
          <div className="env-notice-text">
            <strong>
              Sent
              {notice.host && (
                <>
                  {' '}
                  to <span className="mono">{notice.host}</span>
                </>
              )}{' '}
              without the credentials of {notice.environmentName}
            </strong>{' '}
            because {why(notice)}.
            {notice.withheld.length > 0 && (
              <>
                {' '}
                Left as written:{' '}
                {notice.withheld.map((name) => (
                  <code key={name}>${`{${name}}`}</code>
                ))}
                .
              </>
            )}{' '}
            Change it under Environments → Hosts.
          </div>
          <button type="button" className="btn btn-ghost" onClick={() => dismissNotice(notice.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </>
  )
}
