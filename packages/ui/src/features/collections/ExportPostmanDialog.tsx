/**
 * "Export as Postman collection": downloads the active workspace's REST and plain HTTP requests as a Postman v2.1
 * file and says which requests it left out and why (other protocols, a REST document that could not be read).
 */
import { useEffect, useState, type ReactElement } from 'react'
import type { ImportReportItem } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { downloadText } from '../live/live-export.js'

type ExportState =
  | { phase: 'working' }
  | { phase: 'done'; fileName: string; report: ImportReportItem[] }
  | { phase: 'failed'; message: string }

export function ExportPostmanDialog(props: { id: string; name: string; onClose: () => void }): ReactElement {
  const { workspacesApi } = useWorkbench()
  const { id, name } = props
  const [state, setState] = useState<ExportState>({ phase: 'working' })
  useEffect(() => {
    let isCurrent = true
    workspacesApi.exportPostman(id).then(
      ({ collection, report }) => {
        if (!isCurrent) return
        const fileName = `${name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'workspace'}.postman_collection.json`
        downloadText(`${JSON.stringify(collection, null, 2)}\n`, fileName)
        setState({ phase: 'done', fileName, report })
      },
      (error: unknown) => {
        if (isCurrent) setState({ phase: 'failed', message: ApiError.fromUnknown(error).message })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [workspacesApi, id, name])
  return (
    <ModalDialog title="Export as Postman collection" onClose={props.onClose}>
      {state.phase === 'working' && <p role="status">Reading the REST requests&apos; OpenAPI documents…</p>}
      {state.phase === 'failed' && (
        <p className="save-problem" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'done' && (
        <>
          <p role="status">
            Downloaded <span className="mono">{state.fileName}</span> (Postman collection v2.1). In Postman: Import,
            then pick the file.
          </p>
          {state.report.length > 0 && (
            <div className="import-report">
              <p>
                Left out ({state.report.length} request{state.report.length === 1 ? '' : 's'}):
              </p>
              <ul>
                {state.report.map((item) => (
                  <li key={item.source}>
                    <span className="mono">{item.source}</span>: {item.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={props.onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
