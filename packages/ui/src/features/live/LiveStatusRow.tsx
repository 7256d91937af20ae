/** The last row of the live log: where the call stands (receiving, ended with its status, connection lost). */
import type { ReactElement } from 'react'
import { Spinner } from '../../components/Spinner.js'
import type { LiveCallState } from '../../state/live-store.js'
import { liveStatusView } from './live-status.js'

export function LiveStatusRow({ call }: { call: LiveCallState }): ReactElement {
  const view = liveStatusView(call)
  const isActive = call.status !== 'closed' && call.status !== 'error'
  return (
    <span className={`live-status-line status-${view.tone}`} role="status">
      {isActive && !call.isPaused && <Spinner label="In progress" size={11} />}
      <span>{view.sentence}</span>
      {call.isPaused && <span className="live-paused-note">Paused: new messages are received but not shown.</span>}
    </span>
  )
}
