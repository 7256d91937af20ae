/** Schema Files: upload by drop or picker, per-file errors, and the uploaded files with what was found in each. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { formatBytes } from '../../components/format.js'
import { Icon } from '../../components/Icon.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { Spinner } from '../../components/Spinner.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { DropZone } from './DropZone.js'

export function SchemaFilesTab(): ReactElement {
  const { uploads } = useWorkbench()
  const list = useStore(uploads, (s) => s.uploads)
  const pending = useStore(uploads, (s) => s.pending)
  const failures = useStore(uploads, (s) => s.failures)
  const loadError = useStore(uploads, (s) => s.loadError)

  return (
    <div className="schema-files">
      <DropZone isBusy={pending.length > 0} onFiles={(files) => void uploads.getState().upload(files)} />
      {pending.map((name) => (
        <div className="upload-pending" key={name}>
          <Spinner label={`Uploading ${name}`} /> Uploading <span className="mono">{name}</span>…
        </div>
      ))}
      {failures.map((failure) => (
        <div className="upload-failure" key={failure.name} data-file={failure.name}>
          <div className="upload-failure-name mono">{failure.name}</div>
          <ProblemNotice error={failure.error} onDismiss={() => uploads.getState().dismissFailure(failure.name)} />
        </div>
      ))}
      {loadError && <ProblemNotice error={loadError} />}
      <ul className="upload-list" aria-label="Uploaded schema files">
        {list.map((upload) => (
          <li className="upload-item" key={upload.name} data-file={upload.name}>
            <Icon name="file" size={15} className="upload-icon" />
            <div className="upload-meta">
              <div className="upload-name mono" title={upload.name}>
                {upload.name}
              </div>
              <div className="upload-facts muted">
                {upload.protocol} · {formatBytes(upload.sizeBytes)} · {upload.servicesFound}{' '}
                {upload.servicesFound === 1 ? 'service' : 'services'}
              </div>
            </div>
            <button
              type="button"
              className="icon-btn btn-danger"
              aria-label={`Delete ${upload.name}`}
              title="Delete this file"
              onClick={() => void uploads.getState().remove(upload.name)}
            >
              <Icon name="trash" size={14} />
            </button>
          </li>
        ))}
      </ul>
      {list.length === 0 && pending.length === 0 && <p className="muted schema-files-empty">No files uploaded yet.</p>}
    </div>
  )
}
