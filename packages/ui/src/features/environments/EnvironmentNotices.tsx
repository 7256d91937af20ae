/**
 * Page-level notices about the environment file: a stored file the server set aside, a save another tab made
 * meanwhile (keep mine / take theirs), a save refused for a field, a save that keeps failing, and a load that failed; calls sent without the
 * environment's credentials; and the question whether they may go to a new host.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { HostQuestionDialog } from '../auth/HostQuestionDialog.js'
import { WithheldNotices } from '../auth/WithheldNotices.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { ConflictChoice } from './ConflictChoice.js'
import { RefusalNotice } from './RefusalNotice.js'
import '../../styles/environments.css'

export function EnvironmentNotices(): ReactElement {
  const { environments, auth } = useWorkbench()
  const { issues, conflict, saveError, refusal, loadError, phase } = useStore(environments, (s) => s)
  const hasWithheld = useStore(auth.hostQuestions.store, (s) => s.notices.length > 0)
  if (!issues.length && !conflict && !saveError && !refusal && !loadError && !hasWithheld) return <HostQuestionDialog />
  const store = environments.getState()
  return (
    <div className="env-notices">
      <HostQuestionDialog />
      <WithheldNotices />
      {issues.length > 0 && (
        <div className="env-notice" role="alert" data-kind="issues">
          <div className="env-notice-text">
            <strong>The stored environments file could not be used.</strong>
            <ul>
              {issues.map((issue) => (
                <li key={`${issue.movedTo ?? ''}:${issue.message}`}>
                  {issue.message}
                  {issue.movedTo && (
                    <>
                      {' '}
                      It was kept as <span className="mono">{issue.movedTo}</span>; copy what you need from it.
                    </>
                  )}
                  {issue.errors && issue.errors.length > 0 && (
                    <ul className="env-notice-errors">
                      {issue.errors.slice(0, 5).map((e) => (
                        <li key={`${e.path}:${e.message}`}>
                          <span className="mono">{e.path || '/'}</span> {e.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className="btn btn-ghost" onClick={store.dismissIssues}>
            Dismiss
          </button>
        </div>
      )}
      {conflict && <ConflictChoice />}
      <RefusalNotice />
      {saveError && !conflict && (
        <ProblemNotice
          error={saveError}
          hint={
            <>
              Your environment edits are kept in this page and saving is retried.{' '}
              <button type="button" className="link-btn" onClick={() => void store.flush()}>
                Retry now
              </button>
            </>
          }
        />
      )}
      {loadError && (
        <ProblemNotice
          error={loadError}
          hint={
            <>
              {phase === 'failed' ? 'Environments are unavailable until they load. ' : ''}
              <button type="button" className="link-btn" onClick={() => void store.load()}>
                Load again
              </button>
            </>
          }
        />
      )}
    </div>
  )
}
