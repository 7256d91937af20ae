/**
 * The collections sidebar's dialogs: rename or move a request or folder (by path, or into a chosen folder — the
 * keyboard's way to do what dragging does), a request's or folder's auth, a request's assertions and details.
 */
import { authSchemes, type AuthType } from '@wirebench/auth'
import type { SavedAuth } from '@wirebench/core'
import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '../../api/api-error.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { AssertionsDialog } from '../assertions/AssertionsDialog.js'
import { AuthFieldInput } from '../auth/AuthFieldInput.js'
import { moveRequest } from './collection-actions.js'
import { DetailsDialog } from './DetailsDialog.js'
import { MoveToDialog } from './MoveToDialog.js'
import { saveFileFields } from './save-file-fields.js'
import { defaultOwnAuth, savedAuthProblem, storedFields } from './saved-auth.js'

export type CollectionDialog =
  | { kind: 'move'; path: string }
  | { kind: 'move-to'; path: string }
  | { kind: 'auth'; path: string; isFolder: boolean }
  | { kind: 'assertions'; path: string }
  | { kind: 'details'; path: string }

export function CollectionDialogs({
  dialog,
  onClose,
}: {
  dialog: CollectionDialog
  onClose: () => void
}): ReactElement {
  switch (dialog.kind) {
    case 'move':
      return <MoveDialog path={dialog.path} onClose={onClose} />
    case 'move-to':
      return <MoveToDialog path={dialog.path} onClose={onClose} />
    case 'auth':
      return <AuthDialog path={dialog.path} isFolder={dialog.isFolder} onClose={onClose} />
    case 'assertions':
      return <AssertionsDialog path={dialog.path} onClose={onClose} />
    case 'details':
      return <DetailsDialog path={dialog.path} onClose={onClose} />
  }
}

function MoveDialog({ path, onClose }: { path: string; onClose: () => void }): ReactElement {
  const workbench = useWorkbench()
  const [to, setTo] = useState(path)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const target = to.trim().replace(/^\/+|\/+$/g, '')
    if (!target || target === path) return onClose()
    onClose()
    void moveRequest(workbench, path, target)
  }
  return (
    <ModalDialog title={`Rename or move ${path}`} onClose={onClose}>
      <form onSubmit={submit}>
        <label className="field-label" htmlFor="move-to">
          New path <span className="muted">(folder/name)</span>
        </label>
        <input id="move-to" className="input mono" value={to} autoFocus onChange={(e) => setTo(e.target.value)} />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Move
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

function AuthDialog(props: { path: string; isFolder: boolean; onClose: () => void }): ReactElement {
  const { path, isFolder, onClose } = props
  const workbench = useWorkbench()
  const content = useStore(workbench.workspace, (s) => s.content)
  const entry = isFolder ? undefined : content?.requests.find((r) => r.path === path)
  const folder = isFolder ? content?.folders.find((f) => f.path === path)?.folder : undefined
  const [auth, setAuth] = useState<SavedAuth>((isFolder ? folder?.auth : entry?.request.auth) ?? { mode: 'inherit' })
  const [problem, setProblem] = useState<string>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const refusal = savedAuthProblem(auth)
    if (refusal) return setProblem(refusal)
    try {
      if (isFolder) await workbench.workspace.getState().saveFolder(path, { version: 1, ...folder, auth })
      else if (entry) await saveFileFields(workbench, entry, { ...entry.request, auth })
      onClose()
    } catch (error) {
      setProblem(ApiError.fromUnknown(error).message)
    }
  }
  const config = auth.mode === 'own' ? (auth.config as Record<string, unknown>) : undefined
  return (
    <ModalDialog title={`Auth of ${path}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <label className="field-label" htmlFor="saved-auth-mode">
          Auth
        </label>
        <select
          id="saved-auth-mode"
          className="select"
          value={auth.mode === 'own' ? auth.config.type : auth.mode}
          onChange={(e) => {
            const value = e.target.value
            setAuth(value === 'inherit' || value === 'none' ? { mode: value } : defaultOwnAuth(value as AuthType))
          }}
        >
          <option value="inherit">
            Inherit ({isFolder ? 'the environment’s' : 'the folder’s, else the environment’s'})
          </option>
          <option value="none">None</option>
          {authSchemes
            .filter((s) => s.type !== 'none')
            .map((s) => (
              <option key={s.type} value={s.type}>
                {s.label}
              </option>
            ))}
        </select>
        {auth.mode === 'own' &&
          config &&
          storedFields(auth.config.type).map((field) => {
            const value = config[field.key]
            return (
              <AuthFieldInput
                key={field.key}
                field={field}
                label={field.label}
                value={typeof value === 'string' || typeof value === 'boolean' ? value : ''}
                unknown={[]}
                onChange={(next) => setAuth({ mode: 'own', config: { ...auth.config, [field.key]: next } })}
              />
            )
          })}
        <p className="muted">
          Secrets are written as ${'{variable}'} references; their values stay in the environment.
        </p>
        {problem && (
          <p className="save-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save auth
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
