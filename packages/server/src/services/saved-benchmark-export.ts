/** A run saved with a workspace as a file: JSON, CSV or a k6-style summary, written as for a run of this session. */
import { WorkbenchError } from '@wirebench/core'
import type { BenchExportResponse, SavedBenchmark, SavedBenchmarkExportRequest } from '@wirebench/core'

export async function exportSavedBenchmark(
  saved: SavedBenchmark,
  format: SavedBenchmarkExportRequest['format'],
): Promise<BenchExportResponse> {
  // Loaded on first use, as for the runs of this session: the runner package costs other start-ups nothing.
  const { k6Summary, resultCsv, resultJsonFile } = await import('@wirebench/loadrun')
  const { result } = saved
  const base = `benchmark-${saved.id.slice(0, 8)}`
  switch (format) {
    case 'json':
      return {
        fileName: `${base}.json`,
        mediaType: 'application/json',
        // The same file as the run's own export: the saved copy holds its target and timeline too.
        text: `${JSON.stringify(resultJsonFile(result, saved.target), null, 2)}\n`,
      }
    case 'csv':
      return { fileName: `${base}.csv`, mediaType: 'text/csv', text: resultCsv(result, saved.target) }
    case 'k6-summary':
      return {
        fileName: `${base}.txt`,
        mediaType: 'text/plain',
        text: k6Summary(result, result.thresholds, saved.target.protocol),
      }
  }
}

export function notSaved(id: string): WorkbenchError {
  return new WorkbenchError('not_found', `No saved benchmark run ${JSON.stringify(id)} is kept for this method.`, {
    hint: 'Pick a run the Benchmark tab lists as saved (GET …/benchmarks?key=).',
  })
}
