/**
 * Import a Postman collection, an Insomnia export or a HAR file into the active workspace: pick the file, see what
 * it holds and what did not map (the server's importer previews it), choose a folder, import.
 */
import type { ImportFormat, ImportPreview, ImportResult } from '@wirebench/core'
import { useState, type ReactElement } from 'react'
import { ApiError } from '../../api/api-error.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { detectFormat, inFolder } from './import-format.js'
import { ImportSecretsOffer } from './ImportSecretsOffer.js'

const formatLabels: Record<ImportFormat, string> = {
  postman: 'Postman collection v2.1',
  insomnia: 'Insomnia v4 export',
  har: 'HAR file',
  curl: 'curl command',
}

export function ImportDialog({ onClose }: { onClose: () => void }): ReactElement {
  const workbench = useWorkbench()
  const [fileName, setFileName] = useState('')
  const [format, setFormat] = useState<ImportFormat>()
  const [preview, setPreview] = useState<ImportPreview>()
  const [folder, setFolder] = useState('imported')
  const [problem, setProblem] = useState<string>()
  const [result, setResult] = useState<ImportResult>()

  const read = async (file: File) => {
    setFileName(file.name)
    setPreview(undefined)
    setResult(undefined)
    const text = await file.text()
    const detected = detectFormat(text)
    setFormat(detected)
    if (!detected) {
      setProblem(`${file.name} is not a Postman collection, an Insomnia export or a HAR file.`)
      return
    }
    try {
      setPreview(await workbench.workspacesApi.importPreview({ format: detected, content: text }))
      setProblem(undefined)
    } catch (error) {
      setProblem(problemText(ApiError.fromUnknown(error)))
    }
  }
  const save = async () => {
    if (!preview) return
    const { workspace } = workbench
    try {
      const requests = preview.requests.map((r) => ({ ...r, folder: inFolder(folder, r.folder) }))
      const saved = await workbench.workspacesApi.saveImported(workspace.getState().activeId, {
        requests,
        vars: preview.vars,
      })
      setResult(saved)
      await workspace.getState().refresh()
    } catch (error) {
      setProblem(problemText(ApiError.fromUnknown(error)))
    }
  }
  const report = [...(preview?.report ?? []), ...(result?.report ?? [])]
  return (
    <ModalDialog title="Import requests" className="import-dialog" onClose={onClose}>
      <label className="field-label" htmlFor="import-file">
        Postman collection, Insomnia export or HAR file
      </label>
      <input
        id="import-file"
        type="file"
        accept=".json,.har,application/json"
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) void read(file)
        }}
      />
      {preview && format && (
        <p className="import-summary" role="status">
          {fileName}: {formatLabels[format]} with {preview.requests.length} request
          {preview.requests.length === 1 ? '' : 's'}
          {Object.keys(preview.vars).length > 0 &&
            ` and ${Object.keys(preview.vars).length} variable${Object.keys(preview.vars).length === 1 ? '' : 's'}`}
          .
        </p>
      )}
      {preview?.secrets && <ImportSecretsOffer secrets={preview.secrets} />}
      {report.length > 0 && (
        <div className="import-report">
          <p>What did not map:</p>
          <ul>
            {report.map((item, index) => (
              <li key={index}>
                <span className="mono">{item.source}</span>: {item.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && (
        <p role="status">
          Saved {result.saved.length} request{result.saved.length === 1 ? '' : 's'}.
        </p>
      )}
      {problem && (
        <p className="save-problem" role="alert">
          {problem}
        </p>
      )}
      {!result && preview && (
        <>
          <label className="field-label" htmlFor="import-folder">
            Into folder
          </label>
          <input id="import-folder" className="input" value={folder} onChange={(e) => setFolder(e.target.value)} />
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {result ? 'Close' : 'Cancel'}
        </button>
        {!result && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!preview || preview.requests.length === 0}
            onClick={() => void save()}
          >
            Import
          </button>
        )}
      </div>
    </ModalDialog>
  )
}

/** What went wrong and what to do: the server's hint names the export format it expects. */
function problemText(error: ApiError): string {
  const { hint } = error.problem
  return hint ? `${error.message} ${hint}` : error.message
}
