/** The protocol plugin contract: every protocol (in-process or sidecar) is one implementation of `ProtocolPlugin`. */
import type { CallMarkers } from '../markers/markers.js'
import type { StreamFrame } from '../model/stream.js'
import type { InvokeResult, MethodInfo, PendingValidation, ServiceInfo, ValidationProblem } from '../model/wire.js'

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void
  info(message: string, data?: Record<string, unknown>): void
  warn(message: string, data?: Record<string, unknown>): void
  error(message: string, data?: Record<string, unknown>): void
}

export interface CallLimits {
  /** Upstream bodies beyond this many bytes are cut and flagged `truncated`. */
  maxResponseBytes: number
  /** Upper bound of one call (discovery or unary) when no deadline is given. */
  timeoutMs: number
  /** Per-stream queue depth before flow control kicks in. */
  maxQueuedFrames: number
}

export const defaultCallLimits: CallLimits = {
  maxResponseBytes: 50 * 1024 * 1024,
  timeoutMs: 30_000,
  maxQueuedFrames: 10_000,
}

export interface CallContext {
  /**
   * Fires when the caller cancels and, when `deadline` is set, at the deadline (reason: a `timeout` WorkbenchError).
   * Plugins therefore need no timer of their own for the deadline.
   */
  signal: AbortSignal
  /**
   * Runs `listener` once with the abort reason when `signal` fires (at once when it already has) and returns a function
   * that removes it. A context may create `signal` only when it is read, so a plugin that only needs to hear of the
   * abort spares each call an AbortSignal by listening here. Optional: `whenAborted(ctx, listener)` falls back to
   * `signal`.
   */
  onAbort?(listener: (reason: unknown) => void): () => void
  /** Absolute deadline in epoch milliseconds; `signal` is guaranteed to fire by then. */
  deadline?: number
  /** Headers to send: user metadata merged over auth helper output, markers removed. */
  metadata: Record<string, string>
  /** Transport markers (mTLS, SigV4, cookie jar, API-key query) split out of the metadata. */
  markers: CallMarkers
  logger: Logger
  limits: CallLimits
  /** True when the caller will not read `InvokeResult.sent`: a plugin may skip building it. */
  isSentOmitted?: boolean
  /**
   * Where a plugin hands the validation of a large response (the server's worker thread). Absent: a plugin validates
   * every response inline, whatever its size.
   */
  validator?: ResponseValidator
}

/** A JSON Schema check of a response body, to run away from the call path. */
export interface SchemaValidationJob {
  /** Names the schema across jobs (the plugin's cache key), so whoever runs the job compiles it once. */
  key: string
  /** A self-contained JSON Schema 2020-12: every reference is local (`#/$defs/…`). */
  schema: Record<string, unknown>
  /** What the result's `schema` says. */
  schemaName: string
  /** The body as JSON text (bytes are decoded where the job runs, off the main thread). */
  body: string | Uint8Array
  /** Problems found before the body is read (an undocumented media type), reported with its own. */
  problems?: ValidationProblem[]
  /**
   * Put before the pointer of each problem the check finds: the checked body is a part of the response the viewer
   * shows (an MCP tool's `structuredContent`).
   */
  pointerPrefix?: string
}

/** Validation off the main thread, offered to plugins by the server. */
export interface ResponseValidator {
  /** Bodies up to this many bytes are validated inline by the plugin; larger ones are submitted. */
  inlineLimitBytes: number
  /** Starts a job; its `ResponseValidation` is fetched by the returned id. */
  submit(job: SchemaValidationJob): PendingValidation
  /**
   * Compiles a schema ahead of its first answer (when a method is opened or its call sent), so that answer's check
   * does not wait for the compile; a key compiled already costs nothing.
   */
  prepare?(job: Pick<SchemaValidationJob, 'key' | 'schema' | 'schemaName'>): void
}

/** One schema file handed to a plugin by the upload route. */
export interface SchemaFile {
  name: string
  content: Uint8Array
}

export type DiscoveryTarget =
  /**
   * A server address or a document URL given by the user. `pinned` is true when the user named this plugin
   * (`graphql@url`): an unpinned probe must not change a server (GET/HEAD, or a handshake a stranger refuses).
   */
  | { kind: 'url'; url: string; pinned?: boolean }
  /**
   * Uploaded schema files. The server hands over one upload at a time (the first file); services map back to it by
   * `originUrl` = file name. A plugin with `uploadSiblings` receives the other stored uploads it reads after it.
   */
  | { kind: 'files'; files: SchemaFile[] }

export interface Call {
  /** The origin the service was discovered from: a discovery URL, or an uploaded file name. */
  target: string
  /** Where to send the call when it differs from what discovery found (uploaded schemas, user override). */
  serverUrl?: string
  service: string
  method: string
  /** One JSON object per message; REST uses a flat object keyed by field name. */
  messages: unknown[]
}

export interface Channel {
  id: string
  clientStreaming: boolean
  serverStreaming: boolean
  /** Resolves false when the channel cannot accept more right now (flow control) or is closed. */
  send(message: unknown): Promise<boolean>
  closeSend(): Promise<void>
  frames(): AsyncIterable<StreamFrame>
  dispose(): Promise<void>
}

/**
 * A schema a plugin keeps for a discovered target, handed to editors in the UI. GraphQL: the introspection result
 * (`{ "__schema": … }` as JSON text) the target answered, which the browser turns into a schema with
 * `buildClientSchema` several times faster than it parses the same schema printed as SDL (GitHub's: 0.2–0.9 s against
 * 1–1.9 s), and which the server never has to print.
 */
export interface SchemaDocument {
  format: 'graphql-introspection'
  text: string
}

/** The code-export formats (`POST /api/export`); each plugin names those it can write (`exportFormats`). */
export type ExportFormat =
  | 'curl'
  | 'python-requests'
  | 'python-httpx'
  | 'javascript-fetch'
  | 'httpie'
  | 'grpcurl'
  | 'websocat'
  | 'wscat'
  | 'wirebench'

/** A value of the call that the snippet writes as the reference `${name}` instead (a secret, or an unresolved variable). */
export interface ExportReference {
  name: string
  value: string
  /**
   * The request as written uses this variable, so its value surely reached the request: a value too short to tell
   * from other text is then replaced wherever it appears (it must not leak inside `x-ab`), not only where it stands
   * alone.
   */
  isUsed?: boolean
}

export interface ExportOptions {
  format: ExportFormat
  /** Values to write as `${name}` in every spelling they take in the request (raw, percent-, form-, JSON-encoded). */
  references: ExportReference[]
}

/** A code snippet that sends the call as the plugin would, and what it cannot express (SigV4, mTLS, cookies). */
export interface ExportedSnippet {
  snippet: string
  /** The snippet's language for highlighting: `shell`, `python`, `javascript`. */
  language: string
  notes?: string[]
}

export interface PluginSetting {
  key: string
  label: string
  type: 'boolean' | 'string' | 'number' | 'select'
  default?: string | number | boolean
  description?: string
  options?: string[]
}

export interface ProtocolPlugin {
  id: string
  name: string
  iconSvg?: string
  description?: string
  settings?: PluginSetting[]
  /** Upload file extensions this plugin reads, lower case with the dot (`.proto`, `.yaml`). */
  uploadExtensions?: readonly string[]
  /**
   * Targets of any URL scheme reach this plugin (sidecars speak their own: `mqtt://`, `toy://`); the server still
   * refuses cloud-metadata hosts, and private ones in embedded mode. Other plugins get http(s), ws(s) and grpc(s).
   */
  anyScheme?: boolean
  /**
   * Uploads import each other (.proto): the server then passes, after the uploaded file, every other stored upload
   * this plugin reads, and services are still listed for the first file only.
   */
  uploadSiblings?: boolean
  /**
   * Plugin ids this plugin stands back for in the discovery fan-out: when one of them lists services at the same URL,
   * this plugin's services there are not listed (a GraphQL endpoint also answers `text/event-stream`, so the SSE plugin
   * defers to GraphQL). Pinning (`sse@url`) still reaches it.
   */
  defersTo?: readonly string[]
  /**
   * `false`: the plugin never lists services behind a URL (it sends requests the user describes, as the plain HTTP
   * plugin does), so the discovery fan-out leaves it out; only a pin (`http@url`) reaches its `discover`.
   */
  urlDiscovery?: false
  /**
   * Discovers services. Returns `[]` or throws `no_services` when the target is not for this plugin;
   * any other error is reported as a failed attempt for this plugin and URL. Cached state for a target is replaced
   * only when discovery succeeds: a failure leaves what an earlier discovery of the same target found.
   */
  discover(target: DiscoveryTarget, ctx: CallContext): Promise<ServiceInfo[]>
  /** Unary calls; client-streaming calls when `call.messages` holds several messages. */
  invoke(call: Call, ctx: CallContext): Promise<InvokeResult>
  invokeStream?(call: Call, ctx: CallContext): AsyncIterable<StreamFrame>
  openChannel?(call: Call, ctx: CallContext): Promise<Channel>
  /** The schema document of a discovered target (from the plugin's cache; `undefined` when it has none). */
  schemaDocument?(target: string): SchemaDocument | undefined
  /**
   * A discovered method with its input and output messages, from the plugin's cache (`undefined` when it holds no
   * such method): how the UI opens a method discovery listed `deferred`.
   */
  describeMethod?(target: string, service: string, method: string): MethodInfo | undefined
  /** Hands `validator` the schemas a discovered method's answers will be checked against, to compile them ahead. */
  prepareValidation?(target: string, service: string, method: string, validator: ResponseValidator): void
  /** Code-export formats `exportCall` writes for this plugin's calls. */
  exportFormats?: readonly ExportFormat[]
  /**
   * A snippet that sends `call` as `invoke` (or the stream or channel) would: built from the same request the plugin
   * puts on the wire, without sending anything. Throws `invalid_request` for a format outside `exportFormats`.
   */
  exportCall?(call: Call, ctx: CallContext, options: ExportOptions): Promise<ExportedSnippet>
  /** Drops cached descriptors/documents for a target (rediscovery or upload removal). */
  forget?(target: string): void
  dispose?(): Promise<void>
}

/**
 * What a server needs to know about a plugin before its protocol stack is loaded: everything `GET /api/protocols`, the
 * discovery fan-out and the upload router read, and which call kinds it offers. A protocol package publishes its
 * manifests from a light module (`@wirebench/protocol-<id>/manifest`) that imports nothing at run time, so listing a
 * plugin never costs its stack's start-up.
 */
export interface ProtocolManifest extends Pick<
  ProtocolPlugin,
  | 'id'
  | 'name'
  | 'iconSvg'
  | 'description'
  | 'settings'
  | 'uploadExtensions'
  | 'uploadSiblings'
  | 'defersTo'
  | 'urlDiscovery'
  | 'exportFormats'
> {
  /** The plugin implements `invokeStream` (server streaming) and `openChannel` (client streaming and duplex). */
  capabilities: { serverStreaming: boolean; channels: boolean }
}

/** A logger that drops everything (tests, previews). */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
}
