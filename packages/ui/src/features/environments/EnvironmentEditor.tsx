/** The environments dialog: the list (new, pick one to edit) beside the chosen environment's variables and auth. */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { ConflictChoice } from './ConflictChoice.js'
import { EnvironmentDetail } from './EnvironmentDetail.js'
import { RefusalNotice } from './RefusalNotice.js'
import { SaveStatus } from './SaveStatus.js'
import { locateIssues, type EnvironmentPart } from './save-refusal.js'

export interface EnvironmentEditorProps {
  onClose: () => void
  /** The tab to open on (a hint's action asks for auth or variables). */
  initialPart?: EnvironmentPart | undefined
  /** A variable to land on: its row is scrolled into view and its value field focused (a hint's Define). */
  focusVariable?: string | undefined
}

export function EnvironmentEditor({ onClose, initialPart, focusVariable }: EnvironmentEditorProps): ReactElement {
  const { environments } = useWorkbench()
  const list = useStore(environments, (s) => s.document.environments)
  const activeId = useStore(environments, (s) => s.document.activeEnvironmentId)
  const hasConflict = useStore(environments, (s) => s.conflict !== null)
  const refusal = useStore(environments, (s) => s.refusal)
  const refused = refusal ? locateIssues(refusal.issues, environments.getState().document) : []
  // The environment holding a refused field opens first, so the mark is in view.
  const [editingId, setEditingId] = useState(() => refused[0]?.environmentId ?? activeId ?? list[0]?.id ?? null)
  // "Show" on a refused field opens its tab: a new request remounts the detail on it.
  const [shown, setShown] = useState<{ part: EnvironmentPart; count: number } | null>(
    initialPart ? { part: initialPart, count: 0 } : null,
  )
  const dialog = useRef<HTMLDialogElement>(null)
  const editing = list.find((env) => env.id === editingId) ?? list[0] ?? null
  const refusedHere = refused.filter((field) => field.environmentId === editing?.id)

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    // Leaving the editor saves at once instead of waiting for the debounce.
    return () => void environments.getState().flush()
  }, [environments])

  // After showModal, which focuses the dialog's first control: the variable asked for takes the focus instead.
  useEffect(() => {
    if (focusVariable === undefined) return
    const row = [...(dialog.current?.querySelectorAll<HTMLElement>('.vars-row') ?? [])].find(
      (element) => element.dataset.variable === focusVariable,
    )
    row?.scrollIntoView({ block: 'nearest' })
    row?.querySelector<HTMLInputElement>('.vars-value')?.focus()
  }, [focusVariable])

  const create = () => {
    const id = environments.getState().create('New environment')
    if (id) setEditingId(id)
  }

  return (
    <dialog
      ref={dialog}
      className="env-editor"
      aria-labelledby="env-editor-title"
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === dialog.current) dialog.current.close()
      }}
    >
      <div className="env-editor-frame">
        <header className="env-editor-head">
          <h2 id="env-editor-title">Environments</h2>
          <SaveStatus />
          <button
            type="button"
            className="icon-btn"
            aria-label="Close the environments editor"
            onClick={() => dialog.current?.close()}
          >
            <Icon name="close" size={16} />
          </button>
        </header>
        {/* The page's own notice is behind the modal backdrop, so the choice is offered here too. */}
        {hasConflict && (
          <div className="env-editor-notice">
            <ConflictChoice />
          </div>
        )}
        {refusal && (
          <div className="env-editor-notice">
            <RefusalNotice
              onShow={(field) => {
                if (field.environmentId) setEditingId(field.environmentId)
                if (field.part) setShown((s) => ({ part: field.part!, count: (s?.count ?? 0) + 1 }))
              }}
            />
          </div>
        )}
        <div className="env-editor-body">
          <nav className="env-list" aria-label="Environment list">
            <ul>
              {list.map((env) => (
                <li key={env.id}>
                  <button
                    type="button"
                    className="env-list-item"
                    aria-current={env.id === editing?.id ? 'true' : undefined}
                    onClick={() => setEditingId(env.id)}
                  >
                    <span className="env-list-name">{env.name}</span>
                    {refused.some((field) => field.environmentId === env.id) && (
                      <span className="env-list-refused" title="A field here is refused: nothing is saved">
                        <Icon name="alert" size={12} />
                        <span className="visually-hidden">(a field here is refused)</span>
                      </span>
                    )}
                    {env.id === activeId && <span className="tag tag-accent">Active</span>}
                    {env.auth.type !== 'none' && <Icon name="lock" size={12} className="env-list-lock" />}
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className="btn env-new" onClick={create}>
              <Icon name="plus" size={14} /> New environment
            </button>
          </nav>
          <section className="env-detail-pane" aria-label="Environment">
            {editing ? (
              <EnvironmentDetail
                key={`${editing.id}:${shown?.count ?? 0}`}
                environment={editing}
                isActive={editing.id === activeId}
                refused={refusedHere}
                initialTab={shown?.part ?? refusedHere[0]?.part}
                onRemoved={() => setEditingId(null)}
              />
            ) : (
              <div className="empty-state">
                <h2>No environments yet</h2>
                <p>An environment holds variables (referenced as ${'{name}'}) and one auth configuration.</p>
                <button type="button" className="btn btn-primary" onClick={create}>
                  <Icon name="plus" size={14} /> New environment
                </button>
              </div>
            )}
          </section>
        </div>
      </div>
    </dialog>
  )
}
