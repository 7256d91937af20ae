/**
 * The Details editor of a saved request (Collections → a request's menu → Details…): its notes and its own timeout
 * (`options.timeoutMs`), written into the request's file. The pane holds neither, so a save from a tab keeps both.
 */
import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '../../api/api-error.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { readTimeout, withDetails } from './saved-details.js'
import { saveFileFields } from './save-file-fields.js'

export function DetailsDialog({ path, onClose }: { path: string; onClose: () => void }): ReactElement {
  const workbench = useWorkbench()
  const entry = useStore(workbench.workspace, (s) => s.content?.requests.find((r) => r.path === path))
  const [notes, setNotes] = useState(entry?.request.notes ?? '')
  const [timeout, setTimeoutText] = useState(() => String(entry?.request.options?.timeoutMs ?? ''))
  const [problem, setProblem] = useState<string>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!entry) return
    const read = readTimeout(timeout)
    if ('problem' in read) return setProblem(read.problem)
    try {
      await saveFileFields(workbench, entry, withDetails(entry.request, notes, read.timeoutMs))
      onClose()
    } catch (error) {
      setProblem(ApiError.fromUnknown(error).message)
    }
  }
  return (
    <ModalDialog title={`Details of ${path}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <label className="field-label" htmlFor="saved-notes">
          Notes
        </label>
        <textarea
          id="saved-notes"
          className="input"
          rows={5}
          value={notes}
          autoFocus
          onChange={(e) => setNotes(e.target.value)}
        />
        <label className="field-label" htmlFor="saved-timeout">
          Timeout <span className="muted">(ms; empty: the server&apos;s default)</span>
        </label>
        <input
          id="saved-timeout"
          className="input mono"
          inputMode="numeric"
          placeholder="30000"
          value={timeout}
          onChange={(e) => setTimeoutText(e.target.value)}
        />
        {problem && (
          <p className="save-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!entry}>
            Save details
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
