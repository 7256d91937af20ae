/**
 * What a workspace keeps on disk, shared by the server's store, the importers, the UI and the CLI. A saved request is
 * exactly the body `POST /api/invoke` (or a live `open`) would carry before variable substitution: `${var}`
 * references stay as typed, so secrets never land in a workspace folder.
 */

export const WORKSPACE_FILE_VERSION = 1

/** `workspace.json`. Every field is optional on disk: a folder holding only `requests/` is a valid workspace. */
export interface WorkspaceManifest {
  version: typeof WORKSPACE_FILE_VERSION
  name: string
  /** Discovery entries the UI starts with; `protocol@url` pins a plugin. */
  urls?: string[]
  /** Workspace variables: plain values that may be committed (secrets belong in an environment). */
  vars?: Record<string, string>
}

/**
 * Auth of a saved request or a folder. `inherit` (the default) takes the folder's, else the active environment's;
 * `own` carries an `@wirebench/auth` scheme configuration (`{type, …fields}`) whose values are `${var}` references
 * only — the auth package validates it.
 */
export type SavedAuth =
  { mode: 'inherit' } | { mode: 'none' } | { mode: 'own'; config: { type: string } & Record<string, unknown> }

/** Per-request options a call takes besides its messages (each protocol reads the ones it knows). */
export interface SavedRequestOptions {
  timeoutMs?: number
  serverUrl?: string
  /** Live calls: `pause` or `drop-oldest`. */
  overflow?: 'pause' | 'drop-oldest'
  /** Protocol-specific choices (SignalR transport and protocol, MCP session settings…), by name. */
  [option: string]: unknown
}

/** `requests/<folder>/<name>.json`. */
export interface SavedRequest {
  version: typeof WORKSPACE_FILE_VERSION
  name: string
  protocol: string
  /** The service's `originUrl` (discovery URL or uploaded file name), as typed. */
  url: string
  service: string
  method: string
  /** Unary calls: the request message(s); channels: the saved composer messages, in order. */
  messages: unknown[]
  metadata?: Record<string, string>
  options?: SavedRequestOptions
  auth?: SavedAuth
  notes?: string
  /** Checks on each response of this request (data, never scripts): the UI shows them, `wirebench call` exits 1. */
  assertions?: SavedAssertion[]
}

/**
 * One declarative check on a response. `status` compares with the HTTP status for HTTP-based protocols, else the
 * status name (`OK`, `NotFound`); `json` reads a chaining path (`data.items.0.id`) of the body; `matches` is a
 * JavaScript regular expression source; `schema-valid` needs the response validated against the method's schema.
 */
export type SavedAssertion =
  | { type: 'status'; is: number | string }
  | { type: 'status'; in: Array<number | string> }
  | { type: 'json'; path: string; equals: unknown }
  | { type: 'json'; path: string; matches: string }
  | { type: 'json'; path: string; exists: boolean }
  | { type: 'header'; name: string; equals: string }
  | { type: 'header'; name: string; matches: string }
  | { type: 'header'; name: string; exists: boolean }
  | { type: 'latency'; below: number }
  | { type: 'schema-valid' }

/** `requests/<folder>/folder.json`: what a folder sets for the requests inside it. */
export interface SavedFolder {
  version: typeof WORKSPACE_FILE_VERSION
  auth?: SavedAuth
}

/** One call as history keeps it: the request as typed (secrets redacted), and what came back. */
export interface HistoryEntry {
  /** Unique per workspace; increasing with time. */
  id: string
  /** Epoch milliseconds at the start of the call. */
  at: number
  /** `unary` for `/api/invoke`, `stream` or `channel` for live calls. */
  kind: 'unary' | 'stream' | 'channel'
  request: Omit<SavedRequest, 'version' | 'name'> & { name?: string }
  /** HTTP status, gRPC status name, or the error code of a call that failed before an answer. */
  status: string
  ok: boolean
  durationMs: number
  /** Bytes received (response body, or the frames of a live call). */
  bytes: number
  /** Live calls: frames received. */
  frames?: number
  /** Unary calls: the response body, cut to the history's per-entry bound (`truncated` says so). */
  response?: unknown
  truncated?: boolean
}
