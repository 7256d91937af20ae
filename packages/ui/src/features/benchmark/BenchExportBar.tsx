/** A run's actions: save it with the workspace, and exports (JSON, CSV, k6 summary, k6 script) as downloads. */
import { useState, type ReactElement } from 'react'
import type { BenchExportFormat } from '@wirebench/core'
import { downloadText } from '../live/live-export.js'
import { useSecretValues } from '../response/useSecretValues.js'
import { ApiError } from '../../api/api-error.js'
import type { BenchClient } from './bench-client.js'
import { problemText, type BenchRun } from './bench-store.js'

const formats: Array<{ format: BenchExportFormat; label: string }> = [
  { format: 'json', label: 'JSON' },
  { format: 'csv', label: 'CSV' },
  { format: 'k6-summary', label: 'k6 summary' },
  { format: 'k6-script', label: 'k6 script' },
]

/** The protocols k6 can speak (k6/http, k6/net/grpc): the server writes scripts for these only. */
const k6Protocols = new Set(['rest', 'http', 'graphql', 'grpc'])

/** `fromFile`: a saved run keeps its figures, not its request, so it has no k6 script. */
function formatsFor(protocol: string, fromFile: boolean): typeof formats {
  const hasScript = k6Protocols.has(protocol) && !fromFile
  return hasScript ? formats : formats.filter(({ format }) => format !== 'k6-script')
}

export interface BenchExportBarProps {
  run: BenchRun
  client: BenchClient
  /** The active workspace, where Save puts the run. */
  workspace: string
  /** The key the workspace keeps the method's runs under. */
  savedKey: string
  onSaved: (savedId: string) => void
  /** The saved run's file was deleted. */
  onDeleted: () => void
  /** The server answered that it no longer holds the run (it keeps only its latest finished runs). */
  onGone: () => void
}

const isNotFound = (error: unknown): boolean => ApiError.fromUnknown(error).problem.code === 'not_found'

/** Said where Save and the exports were, for a run the server forgot and the workspace does not hold. */
export const goneText =
  'The server no longer holds this run (it keeps only its latest finished runs), so it can no longer be saved or exported. Its figures stay on this page until a reload; save a run before running many more.'

export function BenchExportBar({
  run,
  client,
  workspace,
  savedKey,
  onSaved,
  onDeleted,
  onGone,
}: BenchExportBarProps): ReactElement | null {
  const [problem, setProblem] = useState<string>()
  const [isSaving, setSaving] = useState(false)
  // A k6 script reads the active environment's secret values from its own environment instead of holding them.
  const secrets = useSecretValues()
  // A run read back from the workspace is exported from its file; one of this session from the server's memory.
  const { savedKey: fileKey, savedId } = run
  const savedFile =
    !run.isInServer && fileKey !== undefined && savedId !== undefined ? { key: fileKey, id: savedId } : undefined
  const fromFile = savedFile !== undefined
  if (!run.result) return null
  if (!run.isInServer && !fromFile) {
    // A run of this session the server has forgotten (a run read back from the workspace always has its file).
    return (
      <p className="bench-note bench-gone" role="note">
        {goneText}
      </p>
    )
  }
  // The server forgot the run meanwhile: the page stops offering what needs its copy (a saved run's file remains).
  // Its status tells that apart from another `not_found` (a workspace deleted elsewhere).
  const failed = async (error: unknown): Promise<void> => {
    if (run.isInServer && isNotFound(error) && (await client.status(run.id).then(() => false, isNotFound))) onGone()
    else setProblem(problemText(error))
  }
  const save = async (): Promise<void> => {
    setProblem(undefined)
    setSaving(true)
    try {
      const saved = await client.save(workspace, { run: run.id, key: savedKey, label: run.label })
      onSaved(saved.id)
    } catch (error) {
      await failed(error)
    } finally {
      setSaving(false)
    }
  }
  const deleteFile = async (file: { key: string; id: string }): Promise<void> => {
    setProblem(undefined)
    try {
      await client.deleteSaved(workspace, file)
      onDeleted()
    } catch (error) {
      setProblem(problemText(error))
    }
  }
  const exportAs = async (format: BenchExportFormat): Promise<void> => {
    setProblem(undefined)
    try {
      const file =
        savedFile && format !== 'k6-script'
          ? await client.exportSaved(workspace, { ...savedFile, format })
          : await client.exportRun(run.id, format, format === 'k6-script' ? secrets : undefined)
      downloadText(file.text, file.fileName)
    } catch (error) {
      await failed(error)
    }
  }
  return (
    <div className="bench-actions" role="group" aria-label="Save or export the run">
      {run.savedId ? (
        <span className="muted bench-saved" role="status">
          Saved with the workspace
        </span>
      ) : (
        <button type="button" className="btn" disabled={isSaving} onClick={() => void save()}>
          Save to workspace
        </button>
      )}
      <span className="muted">Export</span>
      {formatsFor(run.protocol, fromFile).map(({ format, label }) => (
        <button key={format} type="button" className="btn btn-ghost" onClick={() => void exportAs(format)}>
          {label}
        </button>
      ))}
      {savedFile && (
        <button type="button" className="btn btn-ghost" onClick={() => void deleteFile(savedFile)}>
          Delete saved run
        </button>
      )}
      {problem && (
        <span className="bench-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  )
}
