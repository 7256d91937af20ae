/** The typed client of the workspace routes: known workspaces, their saved requests and folders, history, import. */
import { EXPORT_REPORT_HEADER } from '@wirebench/core'
import type {
  CreateWorkspaceRequest,
  HistoryPage,
  ImportedRequest,
  ImportIntoWorkspaceRequest,
  ImportPreview,
  ImportReportItem,
  ImportRequest,
  ImportResult,
  SavedFolder,
  SavedRequest,
  SavedRequestEntry,
  UpdateWorkspaceRequest,
  WorkspaceContent,
  WorkspaceListResponse,
  WorkspaceSummary,
} from '@wirebench/core'
import type { ApiClient } from './api-client.js'

export interface HistoryQuery {
  q?: string
  limit?: number
  before?: string
}

export interface WorkspacesApi {
  list(signal?: AbortSignal): Promise<WorkspaceListResponse>
  create(body: CreateWorkspaceRequest): Promise<WorkspaceSummary>
  update(id: string, body: UpdateWorkspaceRequest): Promise<unknown>
  /** Forgets the workspace; its files go only with `deleteFiles`, which the UI sends after the user confirmed. */
  forget(id: string, deleteFiles: boolean): Promise<void>
  activate(id: string): Promise<unknown>
  content(id: string, signal?: AbortSignal): Promise<WorkspaceContent>
  saveRequest(id: string, path: string, request: SavedRequest, baseRevision?: string): Promise<SavedRequestEntry>
  deleteRequest(id: string, path: string): Promise<void>
  move(id: string, from: string, to: string): Promise<unknown>
  saveFolder(id: string, path: string, folder: SavedFolder): Promise<unknown>
  history(id: string, query: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage>
  clearHistory(id: string): Promise<void>
  importPreview(body: ImportRequest): Promise<ImportPreview>
  importInto(id: string, body: ImportIntoWorkspaceRequest): Promise<ImportResult>
  /** Saves previewed requests in one go; existing paths get a `-2`… suffix, never replaced. */
  saveImported(id: string, body: { requests: ImportedRequest[]; vars?: Record<string, string> }): Promise<ImportResult>
  /** The REST and plain HTTP requests as a Postman v2.1 collection, and the requests it left out. */
  exportPostman(id: string): Promise<PostmanDownload>
}

export interface PostmanDownload {
  collection: unknown
  report: ImportReportItem[]
}

/** `smoke/get-item` → `smoke/get-item` with each segment encoded (slashes separate folders on the route). */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/')
}

export function createWorkspacesClient(api: ApiClient): WorkspacesApi {
  const base = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`
  return {
    list: (signal) => api.request('/api/workspaces', { signal }),
    create: (body) => api.request('/api/workspaces', { method: 'POST', json: body }),
    update: (id, body) => api.request(base(id), { method: 'PATCH', json: body }),
    forget: (id, deleteFiles) =>
      api.request(`${base(id)}${deleteFiles ? '?deleteFiles=true' : ''}`, { method: 'DELETE' }),
    activate: (id) => api.request('/api/workspaces/active', { method: 'PUT', json: { id } }),
    content: (id, signal) => api.request(base(id), { signal }),
    saveRequest: (id, path, request, baseRevision) =>
      api.request(`${base(id)}/requests/${encodePath(path)}`, {
        method: 'PUT',
        json: baseRevision === undefined ? { request } : { request, baseRevision },
      }),
    deleteRequest: (id, path) => api.request(`${base(id)}/requests/${encodePath(path)}`, { method: 'DELETE' }),
    move: (id, from, to) => api.request(`${base(id)}/moves`, { method: 'POST', json: { from, to } }),
    saveFolder: (id, path, folder) =>
      api.request(`${base(id)}/folders/${encodePath(path)}`, { method: 'PUT', json: { folder } }),
    history: (id, query, signal) => {
      const params = new URLSearchParams()
      if (query.q) params.set('q', query.q)
      if (query.limit !== undefined) params.set('limit', String(query.limit))
      if (query.before) params.set('before', query.before)
      return api.request(`${base(id)}/history?${params.toString()}`, { signal })
    },
    clearHistory: (id) => api.request(`${base(id)}/history`, { method: 'DELETE' }),
    importPreview: (body) => api.request('/api/import/preview', { method: 'POST', json: body }),
    importInto: (id, body) => api.request(`${base(id)}/imports`, { method: 'POST', json: body }),
    exportPostman: async (id) => {
      let report: ImportReportItem[] = []
      const collection = await api.request<unknown>(`${base(id)}/exports`, {
        method: 'POST',
        json: { format: 'postman' },
        onHeaders: (headers) => {
          report = readReport(headers.get(EXPORT_REPORT_HEADER))
        },
      })
      return { collection, report }
    },
    saveImported: (id, body) => api.request(`${base(id)}/requests`, { method: 'POST', json: body }),
  }
}

function readReport(header: string | null): ImportReportItem[] {
  if (header === null) return []
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(header))
    return Array.isArray(parsed) ? (parsed as ImportReportItem[]) : []
  } catch {
    return []
  }
}
