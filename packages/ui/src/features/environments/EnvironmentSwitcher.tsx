/** The top bar's environment dropdown, the lock badge when the active environment has auth, and the editor button. */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { activeEnvironment } from '../../state/environments-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { Icon } from '../../components/Icon.js'
import { EnvironmentEditor } from './EnvironmentEditor.js'
import { LockBadge } from './LockBadge.js'
import type { EnvironmentPart } from './save-refusal.js'
import '../../styles/environments.css'

export function EnvironmentSwitcher(): ReactElement {
  const { environments, environmentEditor } = useWorkbench()
  const phase = useStore(environments, (s) => s.phase)
  const list = useStore(environments, (s) => s.document.environments)
  const active = useStore(environments, activeEnvironment)
  // Open, and on which tab when a hint's action asked for one (the button opens it as it always did).
  const [editor, setEditor] = useState<{ part?: EnvironmentPart; variable?: string } | null>(null)
  const isReady = phase === 'ready'
  // Another part of the page (a hint's action) asked for the editor on one of its tabs.
  const request = useStore(environmentEditor, (s) => s.request)
  // A request made before this mounted was for an earlier switcher: only newer ones open the editor.
  const heardSeq = useRef(request?.seq ?? 0)
  useEffect(() => {
    if (!request || request.seq === heardSeq.current) return
    heardSeq.current = request.seq
    setEditor({ part: request.part, ...(request.variable !== undefined ? { variable: request.variable } : {}) })
  }, [request])

  return (
    <div className="env-switcher" data-phase={phase}>
      <label className="visually-hidden" htmlFor="env-select">
        Environment
      </label>
      <select
        id="env-select"
        className="select env-select"
        value={active?.id ?? ''}
        disabled={!isReady}
        title={
          phase === 'failed'
            ? 'The environments could not be loaded'
            : 'Active environment: its variables and auth apply to every call'
        }
        onChange={(e) => environments.getState().select(e.target.value || null)}
      >
        {phase === 'loading' && <option value="">Loading…</option>}
        {phase === 'failed' && <option value="">Environments unavailable</option>}
        {isReady && <option value="">No environment</option>}
        {list.map((env) => (
          <option key={env.id} value={env.id}>
            {env.name}
          </option>
        ))}
      </select>
      {active && <LockBadge auth={active.auth} />}
      <button
        type="button"
        className="icon-btn env-edit"
        aria-label="Edit environments"
        title="Environments: variables and auth"
        disabled={!isReady}
        onClick={() => setEditor({})}
      >
        <Icon name="sliders" size={16} />
      </button>
      {editor && (
        <EnvironmentEditor
          key={request?.seq ?? 0}
          initialPart={editor.part}
          focusVariable={editor.variable}
          onClose={() => setEditor(null)}
        />
      )}
    </div>
  )
}
