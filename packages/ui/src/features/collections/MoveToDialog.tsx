/** "Move to…": the keyboard's way to do what dragging a row onto a folder does — pick the folder, then Move. */
import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ModalDialog } from '../../components/ModalDialog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { moveIntoFolder, pathInFolder } from './collection-actions.js'
import { folderPathsOf } from './collection-rows.js'

export function MoveToDialog({ path, onClose }: { path: string; onClose: () => void }): ReactElement {
  const workbench = useWorkbench()
  const content = useStore(workbench.workspace, (s) => s.content)
  const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
  // A folder cannot go into itself or below itself; where it is now is no move either.
  const choices = ['', ...folderPathsOf(content?.requests ?? [], content?.folders ?? [])].filter(
    (folder) => folder !== parent && 'to' in pathInFolder(path, folder),
  )
  const [folder, setFolder] = useState(choices[0] ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onClose()
    void moveIntoFolder(workbench, path, folder)
  }
  return (
    <ModalDialog title={`Move ${path} to…`} onClose={onClose}>
      <form onSubmit={submit}>
        <label className="field-label" htmlFor="move-to-folder">
          Folder
        </label>
        <select
          id="move-to-folder"
          className="select"
          value={folder}
          autoFocus
          onChange={(e) => setFolder(e.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice || '(top level)'}
            </option>
          ))}
        </select>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={choices.length === 0}>
            Move
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
