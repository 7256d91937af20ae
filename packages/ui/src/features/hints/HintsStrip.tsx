/**
 * The hints of the open tab (and page-wide ones) in a quiet strip under the request and response panes: never modal,
 * each with its one action, a dismiss button, and "don't show again" for its kind. Hints only read; a call never waits.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { hintKindLabels, type Hint } from './hint.js'
import { runHintAction } from './run-hint-action.js'
import './hints.css'

export function HintsStrip({ targetKey }: { targetKey: string | undefined }): ReactElement | null {
  const workbench = useWorkbench()
  const store = workbench.hints.store
  const all = useStore(store, (s) => s.hints)
  const shown = all.filter((hint) => hint.targetKey === undefined || hint.targetKey === targetKey)
  if (shown.length === 0) return null
  return (
    <section className="hints-strip" aria-label="Hints">
      <ul className="hints-list" aria-live="polite">
        {shown.map((hint) => (
          <HintRow key={hint.id} hint={hint} onAction={() => runHintAction(workbench, hint)} />
        ))}
      </ul>
    </section>
  )
}

function HintRow({ hint, onAction }: { hint: Hint; onAction: () => void }): ReactElement {
  const store = useWorkbench().hints.store
  return (
    <li className="hint" data-kind={hint.kind}>
      <Icon name="alert" size={14} className="hint-icon" />
      <div className="hint-text">
        <span className="hint-title">{hint.title}</span>
        <span className="hint-detail">{hint.detail}</span>
      </div>
      <div className="hint-actions">
        <button type="button" className="btn hint-action" onClick={onAction}>
          {hint.actionLabel}
        </button>
        <button
          type="button"
          className="btn btn-ghost hint-mute"
          title={`Hide hints about ${hintKindLabels[hint.kind]} from now on (kept in this browser)`}
          onClick={() => store.getState().mute(hint.kind)}
        >
          Don’t show again
        </button>
        <button
          type="button"
          className="icon-btn hint-dismiss"
          aria-label={`Dismiss hint: ${hint.title}`}
          title="Dismiss"
          onClick={() => store.getState().dismiss(hint.id)}
        >
          <Icon name="close" size={14} />
        </button>
      </div>
    </li>
  )
}
