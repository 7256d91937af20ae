/** A run's exports (JSON, CSV, k6 summary through the server's export route) as downloads. */
import { useState, type ReactElement } from 'react'
import type { BenchExportFormat } from '@wirebench/core'
import { downloadText } from '../live/live-export.js'
import type { BenchClient } from './bench-client.js'
import { problemText, type BenchRun } from './bench-store.js'

const formats: Array<{ format: BenchExportFormat; label: string }> = [
  { format: 'json', label: 'JSON' },
  { format: 'csv', label: 'CSV' },
  { format: 'k6-summary', label: 'k6 summary' },
]

export function BenchExportBar({ run, client }: { run: BenchRun; client: BenchClient }): ReactElement | null {
  const [problem, setProblem] = useState<string>()
  if (!run.result || !run.isInServer) return null
  const exportAs = async (format: BenchExportFormat): Promise<void> => {
    setProblem(undefined)
    try {
      const file = await client.exportRun(run.id, format)
      downloadText(file.text, file.fileName)
    } catch (error) {
      setProblem(problemText(error))
    }
  }
  return (
    <div className="bench-actions" role="group" aria-label="Export the run">
      <span className="muted">Export</span>
      {formats.map(({ format, label }) => (
        <button key={format} type="button" className="btn btn-ghost" onClick={() => void exportAs(format)}>
          {label}
        </button>
      ))}
      {problem && (
        <span className="bench-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  )
}
