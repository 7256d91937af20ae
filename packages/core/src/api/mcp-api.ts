/**
 * What the MCP plugin adds to the workbench API: the configured-servers route, the call messages of its methods and
 * the live session channel (frames the server pushes, messages the browser sends). The plugin README describes each
 * with examples; these types are the contract the UI and outside scripts build on.
 */

/** `GET {prefix}/api/mcp/servers`: the MCP servers the workbench may start or reach from its trusted configuration. */
export const MCP_SERVERS_PATH = '/api/mcp/servers'

/**
 * MCP authorization (Connect), all POST with a JSON body: `start` runs the discovery steps and answers the authorize URL
 * for the popup, `complete` trades the callback's code for tokens the server keeps in memory, `status` and
 * `disconnect` read and forget them. No answer ever carries a token.
 */
export const MCP_AUTH_ROUTES = {
  start: '/api/mcp/auth/start',
  complete: '/api/mcp/auth/complete',
  status: '/api/mcp/auth/status',
  disconnect: '/api/mcp/auth/disconnect',
} as const

export interface McpAuthStartRequest {
  /** The MCP server's URL (as discovered). */
  url: string
  /** The workbench's `/oauth-callback` URL as the browser sees it. */
  redirectUri: string
  /** The `resource_metadata` of the server's 401 challenge; without it the well-known locations are tried. */
  resourceMetadataUrl?: string
  /** The challenge's `scope`; without it the resource metadata's `scopes_supported`. */
  scope?: string
  /** A client registered by hand; without it the workbench registers one (RFC 7591). */
  clientId?: string
}

/** One step of the flow as shown to the user. */
export interface McpAuthStep {
  step: 'resource-metadata' | 'server-metadata' | 'client' | 'authorized' | 'token'
  detail: string
}

export interface McpAuthStartResponse {
  /** Open in the popup: the authorization endpoint with PKCE S256, `state` and `resource`. */
  authorizationUrl: string
  state: string
  steps: McpAuthStep[]
}

export interface McpAuthCompleteRequest {
  state: string
  code: string
  /** The `iss` the authorization server put on the callback (RFC 9207), when it did. */
  iss?: string
}

export interface McpAuthUrlRequest {
  url: string
}

/** What the page may know about a connection: never the token. */
export interface McpAuthStatus {
  /** The server's canonical URL (no query or fragment). */
  url: string
  connected: boolean
  /** Milliseconds since the epoch. */
  expiresAt?: number
  /** Who the token acts for, when the authorization server said. */
  subject?: string
  scope?: string
  steps?: McpAuthStep[]
}

/** The scheme of a configured stdio server's address: `mcp+stdio://<name>` (the name as configured). */
export const MCP_STDIO_SCHEME = 'mcp+stdio:'

/** The service every discovered MCP server has besides its tools, resources and prompts. */
export const MCP_SESSION_SERVICE = 'Session'

/** The duplex method of `Session` that opens the live session channel. */
export const MCP_SESSION_EVENTS_METHOD = 'events'

export interface McpRoot {
  /** A `file://` URI the server may work under. */
  uri: string
  name?: string
}

/** Where a configured server entry comes from. */
export type McpServerSource = { kind: 'file'; path: string } | { kind: 'command-line' }

export interface McpProcessStatus {
  state: 'starting' | 'running' | 'exited'
  pid?: number
  /** ISO 8601. */
  startedAt?: string
  /** Set once the process exited: its code, or the signal that ended it. */
  exitCode?: number | null
  signal?: string | null
  /** The last lines the process wrote to stderr, oldest first (a bounded ring; long lines are cut). */
  stderrTail: string[]
  /** Lines that fell out of the ring. */
  stderrDroppedLines: number
}

export interface McpServerSummary {
  name: string
  /** The address to discover and call: `mcp+stdio://<name>` for a stdio entry, the entry's URL for an HTTP one. */
  url: string
  transport: 'stdio' | 'http'
  /** stdio: the program and its arguments exactly as configured (spawned as an argv, never through a shell). */
  command?: string
  args?: string[]
  cwd?: string
  /** Names of the environment variables the entry gives the process; their values are never sent. */
  envNames?: string[]
  /** HTTP: names of the headers the entry adds to every request; their values are never sent. */
  headerNames?: string[]
  /** The roots answered to the server's `roots/list`. */
  roots?: McpRoot[]
  source: McpServerSource
  /** stdio: the process of the running (or last) session; absent before the first start. */
  process?: McpProcessStatus
}

export interface McpConfigIssue {
  /** The configuration file, or `command line`. */
  file: string
  server?: string
  message: string
}

export interface McpServersResponse {
  servers: McpServerSummary[]
  /** Entries that could not be used (a file that does not parse, an entry without a command or URL…). */
  issues: McpConfigIssue[]
}

/** What the server said about itself at `initialize`, and the transport the session runs on. */
export interface McpSessionInfo {
  transport: 'streamable-http' | 'sse' | 'stdio'
  protocolVersion: string
  serverInfo: { name: string; version: string; title?: string } & Record<string, unknown>
  capabilities: Record<string, unknown>
  /** The server's instructions, as sent: data to show, never to interpret. */
  instructions?: string
  /** Streamable HTTP: the `Mcp-Session-Id` the server assigned. */
  sessionId?: string
  /** stdio: the server process. */
  process?: McpProcessStatus
}

export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency'

/** A progress token: the running call's id (the UI may choose it, see `McpCallMeta`). */
export type McpProgressToken = string | number

export type McpRequestId = string | number

/**
 * Optional `_meta` of a call message (tools, resources, prompts): forwarded as the request's `_meta`. A call whose
 * message sets `progressToken` gets its `progress` frames tagged with it, so the UI can draw a bar on that call; without
 * one the plugin picks a token and returns it in the result's `metadata['mcp-progress-token']`.
 */
export interface McpCallMeta {
  progressToken?: McpProgressToken
  [key: string]: unknown
}

/** `completion/complete`'s reference: a prompt by name, or a resource template by its URI template. */
export type McpCompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }

/** The message of `Session/complete` (`POST /api/invoke`), and of the channel's `complete` op. */
export interface McpCompleteMessage {
  ref: McpCompletionRef
  argument: { name: string; value: string }
  /** Values of the other arguments already filled in. */
  context?: { arguments?: Record<string, string> }
}

/**
 * The data of each `message` frame on the session channel (`channel.open` with `service: 'Session'`, `method:
 * 'events'`); the frame's `meta.kind` repeats `kind`. Requests the server sends wait for an `answer` until `expiresAt`.
 */
export type McpSessionEvent =
  /** First frame of every channel, and again after the plugin reconnected a dropped session. */
  | { kind: 'session'; state: 'open'; info: McpSessionInfo }
  /** The session ended (server gone, process exited, idle timeout, disconnect); the next call reconnects. */
  | { kind: 'session'; state: 'closed'; reason: string; process?: McpProcessStatus }
  /** `notifications/message`. */
  | { kind: 'log'; level: McpLogLevel; logger?: string; data: unknown }
  /** `notifications/progress` of a running call (any call of the session: `/api/invoke`, live streams). */
  | { kind: 'progress'; progressToken: McpProgressToken; progress: number; total?: number; message?: string }
  /** `notifications/resources/updated` of a subscribed resource. */
  | { kind: 'resourceUpdated'; uri: string }
  /** `notifications/{tools,resources,prompts}/list_changed`: discover the URL again to see the new list. */
  | { kind: 'listChanged'; list: 'tools' | 'resources' | 'prompts' }
  /** Any other notification, as sent. */
  | { kind: 'notification'; method: string; params?: unknown }
  /** A request from the server that waits for the user: answer it with an `answer` send. */
  | {
      kind: 'request'
      requestId: McpRequestId
      method: 'elicitation/create' | 'sampling/createMessage'
      params: unknown
      /** Epoch milliseconds after which it is answered with a timeout error. */
      expiresAt: number
    }
  /** A server request answered: by the workbench itself (`roots/list`, `ping`), or by an `answer` (from any tab). */
  | {
      kind: 'requestAnswered'
      requestId: McpRequestId
      method: string
      by: 'workbench' | 'user'
      result?: unknown
      error?: { code: number; message: string }
    }
  /** Nobody answered in time: the server got a timeout error. */
  | { kind: 'requestExpired'; requestId: McpRequestId; method: string; timeoutMs: number }
  /** The server withdrew its request (`notifications/cancelled`). */
  | { kind: 'requestCancelled'; requestId: McpRequestId; method: string; reason?: string }
  /** stdio: lines the server process wrote to stderr. */
  | { kind: 'stderr'; lines: string[] }
  /** The outcome of a send that asked the server something (`id` echoes the send's `id`). */
  | { kind: 'reply'; op: McpSessionSend['op']; id?: string; result?: unknown; error?: McpReplyError }
  /** The browser fell behind: this many events were dropped, oldest first. */
  | { kind: 'dropped'; count: number }

export interface McpReplyError {
  /** The JSON-RPC error code when the server answered one. */
  code?: number
  message: string
}

/** What the browser sends on the session channel (`channel.send` `message`). `id` is echoed in the `reply` frame. */
export type McpSessionSend =
  /** Answers a pending `request`: elicitation `{action: 'accept', content}` / `{action: 'decline' | 'cancel'}`; sampling a `CreateMessageResult`. */
  | { op: 'answer'; requestId: McpRequestId; result: unknown; id?: string }
  /** Refuses a pending `request` with a JSON-RPC error (e.g. the user declined a sampling request). */
  | { op: 'answer'; requestId: McpRequestId; error: McpReplyError; id?: string }
  | { op: 'setLevel'; level: McpLogLevel; id?: string }
  | { op: 'subscribe' | 'unsubscribe'; uri: string; id?: string }
  | ({ op: 'complete'; id?: string } & McpCompleteMessage)
  /** Cancels a running call by its progress token (`notifications/cancelled` goes to the server). */
  | { op: 'cancel'; progressToken: McpProgressToken; reason?: string; id?: string }
  /** Replaces the roots this session answers with, and tells the server (`notifications/roots/list_changed`). */
  | { op: 'setRoots'; roots: McpRoot[]; id?: string }
  | { op: 'ping'; id?: string }
