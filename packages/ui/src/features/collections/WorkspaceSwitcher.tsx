/**
 * The workspace at the top of the Collections tab: switch between known workspaces, create one, open a folder path,
 * rename, forget, import and export. Forgetting keeps the files; deleting them is a separate, explicit choice in the
 * same dialog.
 */
import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '../../api/api-error.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { toasts } from '../../components/toast-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { ImportDialog } from '../import/ImportDialog.js'
import { ExportPostmanDialog } from './ExportPostmanDialog.js'

type SwitcherDialog = 'create' | 'open' | 'rename' | 'forget' | 'import' | 'export'

export function WorkspaceSwitcher(): ReactElement {
  const { workspace } = useWorkbench()
  const workspaces = useStore(workspace, (s) => s.workspaces)
  const activeId = useStore(workspace, (s) => s.activeId)
  const [dialog, setDialog] = useState<SwitcherDialog | null>(null)
  const active = workspaces.find((w) => w.id === activeId)
  const run = (action: Promise<void>) =>
    void action.catch((error: unknown) => toasts.getState().show(ApiError.fromUnknown(error).message))
  return (
    <div className="collections-head">
      <select
        className="select"
        aria-label="Workspace"
        value={activeId}
        title={active?.dir}
        onChange={(e) => run(workspace.getState().activate(e.target.value))}
      >
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name} ({w.requestCount})
          </option>
        ))}
      </select>
      <select
        className="select"
        aria-label="Workspace actions"
        value=""
        onChange={(e) => setDialog((e.target.value || null) as SwitcherDialog | null)}
      >
        <option value="">More…</option>
        <option value="import">Import Postman, Insomnia, HAR…</option>
        <option value="export">Export as Postman collection</option>
        <option value="create">New workspace…</option>
        <option value="open">Open a folder…</option>
        <option value="rename">Rename…</option>
        <option value="forget">Forget…</option>
      </select>
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog === 'export' && active && (
        <ExportPostmanDialog id={active.id} name={active.name} onClose={() => setDialog(null)} />
      )}
      {dialog && dialog !== 'import' && dialog !== 'export' && active && (
        <SwitcherDialogView
          kind={dialog}
          name={active.name}
          dir={active.dir}
          onClose={() => setDialog(null)}
          onSubmit={(values) => {
            setDialog(null)
            const state = workspace.getState()
            if (dialog === 'create') run(state.create(values.name))
            else if (dialog === 'open') run(state.create(values.name || values.dir, values.dir))
            else if (dialog === 'rename') run(state.rename(active.id, values.name))
            else run(state.forget(active.id, values.deleteFiles))
          }}
        />
      )}
    </div>
  )
}

interface SwitcherValues {
  name: string
  dir: string
  deleteFiles: boolean
}

function SwitcherDialogView(props: {
  kind: Exclude<SwitcherDialog, 'import' | 'export'>
  name: string
  dir: string
  onClose: () => void
  onSubmit: (values: SwitcherValues) => void
}): ReactElement {
  const { kind, onClose, onSubmit } = props
  const [name, setName] = useState(kind === 'rename' ? props.name : '')
  const [dir, setDir] = useState('')
  const [deleteFiles, setDeleteFiles] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if ((kind === 'create' || kind === 'rename') && !name.trim()) return
    if (kind === 'open' && !dir.trim()) return
    onSubmit({ name: name.trim(), dir: dir.trim(), deleteFiles })
  }
  const titles = {
    create: 'New workspace',
    open: 'Open a workspace folder',
    rename: 'Rename workspace',
    forget: `Forget ${props.name}?`,
  }
  return (
    <ModalDialog title={titles[kind]} onClose={onClose}>
      <form onSubmit={submit}>
        {kind === 'forget' ? (
          <>
            <p>
              The workbench stops listing it. Its folder <span className="mono">{props.dir}</span> stays as it is unless
              you tick the box.
            </p>
            <label>
              <input type="checkbox" checked={deleteFiles} onChange={(e) => setDeleteFiles(e.target.checked)} /> Also
              delete its files: <span className="mono">workspace.json</span> and <span className="mono">requests/</span>
            </label>
            <p className="muted">
              Any other file in the folder (source code, a <span className="mono">.git</span> folder) stays; the folder
              goes only if nothing else is left in it.
            </p>
          </>
        ) : (
          <>
            {kind === 'open' && (
              <>
                <label className="field-label" htmlFor="ws-dir">
                  Folder path on the workbench&apos;s machine
                </label>
                <input
                  id="ws-dir"
                  className="input mono"
                  value={dir}
                  autoFocus
                  onChange={(e) => setDir(e.target.value)}
                />
              </>
            )}
            <label className="field-label" htmlFor="ws-name">
              Name {kind === 'open' && <span className="muted">(optional)</span>}
            </label>
            <input
              id="ws-name"
              className="input"
              value={name}
              autoFocus={kind !== 'open'}
              onChange={(e) => setName(e.target.value)}
            />
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={`btn ${kind === 'forget' && deleteFiles ? 'btn-danger' : 'btn-primary'}`}>
            {kind === 'forget' ? (deleteFiles ? 'Forget and delete files' : 'Forget') : 'OK'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
