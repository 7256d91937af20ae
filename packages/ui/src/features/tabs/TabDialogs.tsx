/** The tab bar's questions: the name and folder of a first save, closing with unsaved changes, a save conflict. */
import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ModalDialog } from '../../components/ModalDialog.js'
import { closeTab } from '../../state/tab-actions.js'
import type { OpenTab } from '../../state/tabs-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { requestSave, overwrite, reloadFromDisk, saveAs } from './tab-commands.js'
import { tabDialog } from './tab-dialog.js'
import { savePathOf, savedNameProblem } from './save-path.js'

export function TabDialogs(): ReactElement | null {
  const workbench = useWorkbench()
  const dialog = useStore(tabDialog, (s) => s.dialog)
  const tab = useStore(workbench.tabs, (s) => s.tabs.find((t) => t.key === dialog?.key))
  if (!dialog || !tab) return null
  const dismiss = () => tabDialog.getState().show(null)
  switch (dialog.kind) {
    case 'save-as':
      return <SaveAsDialog key={tab.key} tab={tab} problem={dialog.problem} onClose={dismiss} />
    case 'close':
      return (
        <ModalDialog title={`Close “${tab.title}”?`} className="tab-question" onClose={dismiss}>
          <p>It has unsaved changes. Closing drops them (Ctrl+Shift+T brings the tab back with them).</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={dismiss}>
              Cancel
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                dismiss()
                closeTab(workbench, tab.key)
              }}
            >
              Close without saving
            </button>
            {workbench.workspace.getState().status === 'ready' && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  dismiss()
                  void requestSave(workbench, tab.key)
                }}
              >
                Save…
              </button>
            )}
          </div>
        </ModalDialog>
      )
    case 'conflict':
      return (
        <ModalDialog title={`“${tab.title}” changed elsewhere`} className="tab-question" onClose={dismiss}>
          <p>
            The file <span className="mono">{tab.savedPath}</span> changed since this tab opened it (another tab, an
            editor or a git pull). Reload it and drop your edits, or overwrite it with this tab&apos;s request.
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={dismiss}>
              Cancel
            </button>
            <button type="button" className="btn" onClick={() => reloadFromDisk(workbench, tab.key)}>
              Reload
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void overwrite(workbench, tab.key)}>
              Overwrite
            </button>
          </div>
        </ModalDialog>
      )
  }
}

function SaveAsDialog(props: { tab: OpenTab; problem?: string | undefined; onClose: () => void }): ReactElement {
  const { tab, problem, onClose } = props
  const workbench = useWorkbench()
  const folders = useStore(workbench.workspace, (s) => s.content?.folders)
  const [name, setName] = useState(tab.savedPath ? `${tab.title}-copy` : tab.title)
  const [folder, setFolder] = useState(tab.savedPath?.split('/').slice(0, -1).join('/') ?? '')
  const [typed, setTyped] = useState(false)
  const nameProblem = savedNameProblem(name, folder)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTyped(true)
    if (nameProblem) return
    void saveAs(workbench, tab.key, savePathOf(folder, name))
  }
  const shown = (typed && nameProblem) || problem
  return (
    <ModalDialog title="Save request" className="tab-question save-dialog" onClose={onClose}>
      <form onSubmit={submit}>
        <label className="field-label" htmlFor="save-name">
          Name
        </label>
        <input
          id="save-name"
          className="input"
          value={name}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!shown}
        />
        <label className="field-label" htmlFor="save-folder">
          Folder <span className="muted">(empty for the top; a/b nests)</span>
        </label>
        <input
          id="save-folder"
          className="input"
          list="save-folders"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
        />
        <datalist id="save-folders">
          {(folders ?? [])
            .filter((f) => f.path)
            .map((f) => (
              <option key={f.path} value={f.path} />
            ))}
        </datalist>
        {shown && (
          <p className="save-problem" role="alert">
            {shown}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
