/** The benchmark routes as typed calls: start, stop, status, list and export of runs, and runs saved with a workspace. */
import type {
  BenchExportFormat,
  BenchExportResponse,
  BenchListResponse,
  BenchStartRequest,
  BenchStartResponse,
  BenchStatus,
  SaveBenchmarkRequest,
  SavedBenchmark,
  SavedBenchmarkDeleteRequest,
  SavedBenchmarkExportRequest,
  SavedBenchmarksResponse,
} from '@wirebench/core'
import type { ApiClient } from '../../api/api-client.js'

export interface BenchClient {
  start(request: BenchStartRequest): Promise<BenchStartResponse>
  stop(run: string): Promise<BenchStatus>
  status(run: string): Promise<BenchStatus>
  /** Every run the server holds (running, then the latest ended), as summaries. */
  list(): Promise<BenchListResponse>
  /** `secrets`: values a k6 script must read from its environment instead of holding. */
  exportRun(run: string, format: BenchExportFormat, secrets?: string[]): Promise<BenchExportResponse>
  /** The runs saved with a workspace for one method. */
  saved(workspace: string, key: string): Promise<SavedBenchmarksResponse>
  save(workspace: string, request: SaveBenchmarkRequest): Promise<SavedBenchmark>
  /** A run saved with the workspace as a file (no k6 script: its request is not saved). */
  exportSaved(workspace: string, request: SavedBenchmarkExportRequest): Promise<BenchExportResponse>
  deleteSaved(workspace: string, request: SavedBenchmarkDeleteRequest): Promise<{ deleted: true }>
}

export function createBenchClient(api: ApiClient): BenchClient {
  const post = <T>(path: string, json: unknown): Promise<T> => api.request<T>(path, { method: 'POST', json })
  return {
    start: (request) => post('/api/bench/start', request),
    stop: (run) => post('/api/bench/stop', { run }),
    status: (run) => post('/api/bench/status', { run }),
    list: () => post('/api/bench/list', {}),
    exportRun: (run, format, secrets) => post('/api/bench/export', { run, format, ...(secrets ? { secrets } : {}) }),
    saved: (workspace, key) =>
      api.request(`/api/workspaces/${encodeURIComponent(workspace)}/benchmarks?key=${encodeURIComponent(key)}`),
    save: (workspace, request) => post(`/api/workspaces/${encodeURIComponent(workspace)}/benchmarks`, request),
    exportSaved: (workspace, request) =>
      post(`/api/workspaces/${encodeURIComponent(workspace)}/benchmarks/export`, request),
    deleteSaved: (workspace, request) =>
      post(`/api/workspaces/${encodeURIComponent(workspace)}/benchmarks/delete`, request),
  }
}
