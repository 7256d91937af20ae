/** Tells the user to reopen the CLI's URL when the server refuses the session token (401/403). */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export function SessionBanner(): ReactElement | null {
  const { session } = useWorkbench()
  const problem = useStore(session, (s) => s.sessionProblem)
  if (!problem) return null
  return (
    <div className="session-banner">
      <ProblemNotice
        error={problem}
        hint={
          <>
            This page has no valid session token. Reopen the URL the <span className="mono">wirebench</span> command
            printed in your terminal (it ends with <span className="mono">#token=…</span>).
          </>
        }
      />
    </div>
  )
}
