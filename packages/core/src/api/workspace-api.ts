/**
 * Request and response shapes of the workspace routes (`{prefix}/api/workspaces…`), shared by the server, the UI's
 * client and the CLI. Paths of saved requests are `<folder>/<name>` (folders may nest: `smoke/items/get-item`); the
 * file behind `smoke/get-item` is `requests/smoke/get-item.json`.
 */
import type { HistoryEntry, SavedFolder, SavedRequest } from '../model/saved-request.js'

export interface WorkspaceSummary {
  /** Stable id of a known workspace (`default` for `{config_dir}/workspaces/default`). */
  id: string
  name: string
  /** Absolute folder on the server's machine. */
  dir: string
  requestCount: number
  /** Files that failed validation (kept aside, never overwritten). */
  problemCount: number
}

/** `GET /api/workspaces` */
export interface WorkspaceListResponse {
  workspaces: WorkspaceSummary[]
  activeId: string
}

/** `POST /api/workspaces`: create a folder, or open an existing one (`dir` given), and remember it. */
export interface CreateWorkspaceRequest {
  name: string
  dir?: string
}

/** `PATCH /api/workspaces/:id`: rename; `urls`/`vars` replace the manifest's (with `baseRevision`). */
export interface UpdateWorkspaceRequest {
  name?: string
  urls?: string[]
  vars?: Record<string, string>
  baseRevision?: string
}

/**
 * `DELETE /api/workspaces/:id`: forgets the workspace. Its files are removed only with `?deleteFiles=true`, which the
 * UI sends only after the user confirmed.
 */

/** `PUT /api/workspaces/active` */
export interface ActivateWorkspaceRequest {
  id: string
}

/** A file of the workspace that failed validation: where it was moved and why. */
export interface WorkspaceFileProblem {
  /** Path relative to the workspace folder, as it was found. */
  path: string
  reason: string
  /** Where the unreadable file now is (relative path), so nothing the user wrote is lost. */
  keptAs?: string
}

export interface SavedRequestEntry {
  /** `<folder>/<name>` */
  path: string
  /** Changes whenever the file changes (on disk or through the API); a save names it as `baseRevision`. */
  revision: string
  request: SavedRequest
}

export interface SavedFolderEntry {
  /** Folder path, `''` for the top of `requests/`. */
  path: string
  folder: SavedFolder
}

/** `GET /api/workspaces/:id`: everything the sidebar shows. */
export interface WorkspaceContent {
  id: string
  name: string
  dir: string
  urls: string[]
  vars: Record<string, string>
  /** Revision of the manifest (`workspace.json`). */
  revision: string
  folders: SavedFolderEntry[]
  requests: SavedRequestEntry[]
  problems: WorkspaceFileProblem[]
}

/**
 * `PUT /api/workspaces/:id/requests/<path>`: create or replace. With `baseRevision` the save is refused (409,
 * `conflict`) when the file changed since, so two tabs never overwrite each other silently; without it, creating a
 * path that exists is refused too.
 */
export interface SaveRequestBody {
  request: SavedRequest
  baseRevision?: string
}

/** `POST /api/workspaces/:id/moves`: rename or move a saved request (or a whole folder). */
export interface MoveRequestBody {
  from: string
  to: string
}

/** `PUT /api/workspaces/:id/folders/<path>`: a folder's settings (auth). */
export interface SaveFolderBody {
  folder: SavedFolder
}

/**
 * `GET /api/workspaces/:id/history?q=&limit=&before=`: newest first; `q` matches method, URL, status, name, service
 * and protocol (every word must match). `DELETE /api/workspaces/:id/history` clears it.
 */
export interface HistoryPage {
  entries: HistoryEntry[]
  /** Entries matching `q` in all. */
  total: number
}

export type ImportFormat = 'curl' | 'postman' | 'insomnia' | 'har'

/** `POST /api/import/preview`: parse without saving (a curl command pasted into the URL bar). */
export interface ImportRequest {
  format: ImportFormat
  /** The command, or the file's text. */
  content: string
}

/** What an import could not carry over, per source item. */
export interface ImportReportItem {
  /** Where in the source (`Folder/Request name`, `line 3`…). */
  source: string
  message: string
}

export interface ImportedRequest {
  /** Folder path inside the workspace (`''` for the top). */
  folder: string
  request: SavedRequest
}

export interface ImportPreview {
  requests: ImportedRequest[]
  /** Workspace variables the source defines (Postman collection variables…). */
  vars: Record<string, string>
  /**
   * Credentials the source held as literal values (a curl `-u`, an `Authorization` header, a Postman token): the
   * requests reference them as `${name}`, and these values belong in an environment, never in workspace files.
   */
  secrets?: Record<string, string>
  report: ImportReportItem[]
}

/** `POST /api/workspaces/:id/imports`: import into a folder of the workspace (`folder` prefixes the source's). */
export interface ImportIntoWorkspaceRequest extends ImportRequest {
  folder?: string
}

/**
 * `POST /api/workspaces/:id/requests`: save a batch of requests (an import the UI previewed). A name that is not a
 * safe file name is adjusted, and a path that exists gets a `-2`, `-3`… suffix, never replaced; `vars` are added to
 * the workspace's variables where the workspace has no value of that name yet.
 */
export interface SaveImportedRequestsBody {
  requests: ImportedRequest[]
  vars?: Record<string, string>
}

export interface ImportResult {
  saved: string[]
  report: ImportReportItem[]
}

/**
 * `POST /api/workspaces/:id/exports`: a Postman v2.1 collection of the REST and plain HTTP requests (the file itself,
 * as an attachment); REST requests are written from their discovered operations, so their documents are fetched.
 * `GET /api/workspaces/:id/export?format=postman` sends nothing anywhere and writes the plain HTTP requests only.
 */
export interface ExportWorkspaceRequest {
  format: 'postman'
}

/** The response header of a workspace export saying what it left out: `ImportReportItem[]` as percent-encoded JSON. */
export const EXPORT_REPORT_HEADER = 'wirebench-export-report'

/**
 * History recording: `POST /api/invoke` and live `open` messages may carry this; the server appends the entry to the
 * workspace's history when the call ends (secret values redacted), so the recorded request is the one as typed.
 */
export interface HistoryTemplate {
  workspace: string
  request: SavedRequest
}
