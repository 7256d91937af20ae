/** Request and response shapes of the workbench HTTP API, shared by the server, the UI's client and the CLI. */
import type { HistoryTemplate } from './workspace-api.js'
import type { WorkbenchErrorCode } from '../errors/workbench-error.js'
import type { ExportedSnippet, ExportFormat, PluginSetting, SchemaDocument } from '../plugin/contract.js'
import type { AuthChallenge, DiscoveryAttempt, InvokeResult, MethodInfo, ServiceInfo } from '../model/wire.js'

export const SESSION_TOKEN_HEADER = 'x-workbench-token'

/**
 * `POST {prefix}/api/session/ticket`: trades the one-time launch ticket the CLI opens the browser with (`#ticket=`)
 * for the session token, so the token itself never sits on a command line other local users can read.
 */
export const SESSION_TICKET_PATH = '/api/session/ticket'

export interface SessionTicketRequest {
  ticket: string
}

export interface SessionTicketResponse {
  token: string
}

export interface DiscoverRequest {
  /** Server addresses or document URLs; `protocol@url` pins one plugin. */
  urls: string[]
  metadata?: Record<string, string>
}

export interface DiscoverResponse {
  /** Merged services; each `originUrl` is the plain URL (without any `protocol@` pin). */
  services: ServiceInfo[]
  /** One per plugin per URL; `url` is the entry exactly as written, including a `protocol@` pin. */
  attempts: DiscoveryAttempt[]
}

export interface InvokeRequest {
  protocol: string
  /** The service's `originUrl` (discovery URL or uploaded file name). */
  url: string
  service: string
  method: string
  messages: unknown[]
  metadata?: Record<string, string>
  /** Send to this server instead of the discovered base URL. */
  serverUrl?: string
  timeoutMs?: number
  /** Record the call in this workspace's history when it ends (the request as typed, secret values redacted). */
  history?: HistoryTemplate
  /**
   * Answer `sent` too (what the call put on the wire, for the UI's Request tab). Absent: the result leaves it out; it
   * is the largest part of a small call's answer and only someone inspecting the call reads it.
   */
  includeSent?: boolean
}

export type InvokeResponse = InvokeResult

/** A variable the call used, so the snippet can write it as `${name}` (a secret always, unless secrets are included). */
export interface ExportVariable {
  name: string
  /** The value as substituted into the call. */
  value: string
  isSecret: boolean
  /**
   * False for a plain variable the request does not reference: listed so the server knows it is no secret, never
   * written back as a reference (a value the request merely contains is not one). Absent: referenced. On a secret
   * (always masked): true when the request uses it, so a value shorter than 4 characters is masked inside other text
   * too, not only where it stands alone.
   */
  isReferenced?: boolean
}

/**
 * `POST /api/export`: the `/api/invoke` body (substituted, as it would be sent) plus the snippet's format. Secrets
 * (variables marked secret, auth secrets, and the environment store's secret auth fields) are written as `${name}`
 * unless `includeSecrets`; other variables too when `resolveVariables` is false.
 */
export interface ExportRequest extends Omit<InvokeRequest, 'history' | 'includeSent' | 'timeoutMs'> {
  format: ExportFormat
  includeSecrets?: boolean
  /** Default true: non-secret variables appear with their values. */
  resolveVariables?: boolean
  variables?: ExportVariable[]
}

export type ExportResponse = ExportedSnippet

export interface ProtocolSummary {
  id: string
  name: string
  iconSvg?: string
  description?: string
  settings: PluginSetting[]
  uploadExtensions: string[]
  capabilities: { unary: boolean; serverStreaming: boolean; channels: boolean }
  /** Code-export formats of the plugin's calls (`POST /api/export`). */
  exportFormats?: ExportFormat[]
}

/** `GET /api/schema?protocol=&url=`: the schema document a plugin keeps for a discovered URL. */
export interface SchemaDocumentQuery {
  protocol: string
  /** The service's `originUrl`. */
  url: string
}

export interface SchemaDocumentResponse extends SchemaDocument {
  protocol: string
  url: string
}

/**
 * `GET /api/method?protocol=&url=&service=&method=`: a discovered method with its input and output messages, from
 * the plugin's cache. Discovery lists the methods of a very large document `deferred`, without them.
 */
export interface MethodDescriptionQuery {
  protocol: string
  /** The service's `originUrl`. */
  url: string
  service: string
  method: string
}

export interface MethodDescriptionResponse {
  protocol: string
  url: string
  service: string
  method: MethodInfo
}

export interface ProtocolsResponse {
  protocols: ProtocolSummary[]
}

export interface UploadSummary {
  name: string
  protocol: string
  sizeBytes: number
  uploadedAt: string
  servicesFound: number
}

export interface UploadResponse {
  upload: UploadSummary
  services: ServiceInfo[]
}

/** One file of an upload set: its plain file name and its bytes in base64. */
export interface UploadSetFile {
  name: string
  content: string
}

/**
 * `POST /api/uploads`: several schema files as one operation. Each file is read with all the others of the set in
 * view (so .proto imports between them resolve whatever their order), and either every file is kept or none is.
 */
export interface UploadSetRequest {
  files: UploadSetFile[]
}

export interface UploadSetResponse {
  /** One per file, in the order given. */
  uploads: UploadSummary[]
  services: ServiceInfo[]
}

/** A stored upload the workbench could not use (no plugin for it, or it no longer parses), kept and reported. */
export interface UploadIssue {
  name: string
  message: string
  /** Where a file that no longer parses was moved (`<name>.corrupt-<timestamp>`). */
  movedTo?: string
}

export interface UploadsResponse {
  uploads: UploadSummary[]
  services: ServiceInfo[]
  issues: UploadIssue[]
}

/** RFC 9457 problem details, with Wirebench's stable `code` and an optional `hint`. */
export interface Problem {
  type: string
  title: string
  status: number
  detail?: string
  code: WorkbenchErrorCode
  hint?: string
  instance?: string
  /** The HTTP status a proxied upstream answered (token proxies): tells a rejection (4xx) from an outage. */
  upstreamStatus?: number
  /** Positioned problems in an uploaded schema file (compiler diagnostics), in file order. */
  diagnostics?: SchemaDiagnostic[]
  /** Field-level validation errors of the request body. */
  errors?: Array<{ path: string; message: string }>
  /** The target refused for want of authorization and said how to get it (401/403 with `WWW-Authenticate`). */
  authChallenge?: AuthChallenge
  /** A benchmark refused because its method may change data: what to confirm (`allowStateChanging` starts it). */
  stateChange?: { method: string; reason: string; calls: string }
}

/** One positioned problem in a schema file, as a compiler reports it (lines and columns 1-based). */
export interface SchemaDiagnostic {
  file?: string
  line?: number
  column?: number
  message: string
  hint?: string
}

/**
 * The `type` of the workbench's own session refusals (its gates, the sign-in ticket exchange): the one problem that
 * tells the page to reopen the terminal's URL. A 401/403 of any other type (a target refusing credentials, a blocked
 * target) is a call's outcome and leaves the session alone.
 */
export const SESSION_PROBLEM_TYPE = 'urn:wirebench:problem:session'

export function problemType(code: WorkbenchErrorCode): string {
  return `urn:wirebench:problem:${code}`
}

/** Configuration the server injects into the UI page (`<script type="application/json" id="wirebench-config">`). */
export interface ClientConfig {
  /** Mount prefix of the workbench routes, '' when standalone. */
  prefix: string
  /** URLs given on the command line: the URL list is read-only when set. */
  lockedUrls: string[] | null
  mode: 'standalone' | 'embedded'
  version: string
  tokenRequired: boolean
  demo: boolean
  /** Discovery URLs of the built-in demo services (shown as a read-only demo group in the URL bar). */
  demoUrls: string[]
  /**
   * A plugin reads targets of any URL scheme (a sidecar is loaded: `mqtt://`, `toy://`): the URL bar then accepts any
   * `scheme://host` address, and the server decides per plugin. Absent or false: the built-in schemes only.
   */
  anyScheme?: boolean
  /**
   * The workspace opened with `--workspace <dir>`: the page makes it active and starts with its discovery URLs
   * (`protocol@url` pins kept as written).
   */
  workspace?: { id: string; urls: string[] }
  /** Embedded mode: the host the workbench is mounted in (absent standalone). */
  embedded?: EmbeddedHostInfo
}

/** The web host an embedded workbench runs in, as the UI shows it. */
export interface EmbeddedHostInfo {
  /** `Fastify` or `Express`. */
  framework: string
  /** The host application's name (its package name unless the host gives one). */
  name: string
  /** Routes of the host the workbench read (its own routes left out). */
  routeCount: number
  /** Set when the route table could not be read whole (the plugin was registered after some routes). */
  notice?: string
}

/**
 * `GET /api/plugins`: every protocol plugin, built-in or sidecar, with its state. A sidecar's state: not started yet
 * (started on first use), starting, running, crashed (with the exit and the next start), refused (it answered
 * `initialize` with another protocol id), stopped, or invalid (its manifest failed validation or its id is taken).
 */
export type PluginState =
  'builtin' | 'not_started' | 'starting' | 'running' | 'crashed' | 'refused' | 'stopped' | 'invalid'

export interface PluginInfo {
  /** The protocol id (for an invalid manifest without one: `dir:<directory name>`). */
  id: string
  name: string
  kind: 'builtin' | 'sidecar'
  state: PluginState
  description?: string
  iconSvg?: string
  capabilities?: { unary: boolean; serverStreaming: boolean; channels: boolean }
  packageId?: string
  version?: string
  transport?: 'stdio' | 'http'
  /** The prefix of the environment variables a stdio sidecar is given (`WORKBENCH_` unless its manifest names one). */
  envPrefix?: string
  /** The plugin directory (sidecars). */
  directory?: string
  manifestStatus?: 'valid' | 'invalid'
  /** Why a manifest is invalid: JSON pointer and reason. */
  problems?: Array<{ path: string; message: string }>
  /** Why the sidecar is not running, or a note about it. */
  message?: string
  pid?: number
  startedAt?: string
  exitCode?: number | null
  signal?: string | null
  crashCount?: number
  /** When a sidecar that crashed repeatedly may start again (ISO time). */
  nextStartAt?: string
  lastPing?: { ok: boolean; at: string; ms?: number; error?: string }
  /** The last lines the sidecar wrote to stderr. */
  stderrTail?: string[]
}

export interface PluginsResponse {
  plugins: PluginInfo[]
}

/** `POST /api/plugins/:id/restart`: stops a sidecar (if running) and starts it again; answers its new state. */
export interface PluginRestartResponse {
  plugin: PluginInfo
}
