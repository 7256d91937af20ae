/**
 * The page: top bar with the URL list, optional session and environment notices, and the three-column workspace.
 * Without a working session (no token, a stale or replaced one, a spent sign-in link) the page is one notice saying
 * how to get a session: nothing that would need the server (URLs, environments, services) is offered meanwhile.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { AssistantHost } from './features/assistant/AssistantHost.js'
import { EnvironmentNotices } from './features/environments/EnvironmentNotices.js'
import { SessionBanner } from './features/layout/SessionBanner.js'
import { TopBar } from './features/layout/TopBar.js'
import { Workspace } from './features/layout/Workspace.js'
import { useWorkbench } from './state/useWorkbench.js'

export function App(): ReactElement {
  const { session } = useWorkbench()
  const hasSession = useStore(session, (s) => s.sessionProblem === null)
  return (
    <div className="app" data-session={hasSession ? 'ok' : 'none'}>
      <TopBar hasSession={hasSession} />
      <SessionBanner />
      {hasSession && <EnvironmentNotices />}
      {hasSession && <Workspace />}
      {hasSession && <AssistantHost />}
    </div>
  )
}
