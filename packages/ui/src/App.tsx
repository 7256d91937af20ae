/** The page: top bar with the URL list, optional session and environment notices, and the three-column workspace. */
import type { ReactElement } from 'react'
import { EnvironmentNotices } from './features/environments/EnvironmentNotices.js'
import { SessionBanner } from './features/layout/SessionBanner.js'
import { TopBar } from './features/layout/TopBar.js'
import { Workspace } from './features/layout/Workspace.js'

export function App(): ReactElement {
  return (
    <div className="app">
      <TopBar />
      <SessionBanner />
      <EnvironmentNotices />
      <Workspace />
    </div>
  )
}
