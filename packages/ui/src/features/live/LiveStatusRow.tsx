/** The last row of the live log: where the call stands (receiving, ended in its protocol's words, connection lost). */
import type { ReactElement } from 'react'
import { Spinner } from '../../components/Spinner.js'
import type { LiveCallState } from '../../state/live-store.js'
import { liveStatusView, type LiveOutcomeKind } from './live-status.js'
import { isLiveActive } from './useLiveCall.js'

export function LiveStatusRow({ call, kind }: { call: LiveCallState; kind: LiveOutcomeKind }): ReactElement {
  const view = liveStatusView(call, kind)
  const isActive = isLiveActive(call)
  const isPaused = isActive && call.isPaused
  const text = isPaused ? `${view.sentence} Paused: new messages are received but not shown.` : view.sentence
  // One line of a fixed-height row: a long ending (a close reason, a refusal) is cut with an ellipsis, whole on hover.
  return (
    <span className={`live-status-line status-${view.tone}`} role="status" title={text}>
      {isActive && !isPaused && <Spinner label="In progress" size={11} />}
      <span className="live-status-text">{view.sentence}</span>
      {isPaused && <span className="live-paused-note">Paused: new messages are received but not shown.</span>}
    </span>
  )
}
