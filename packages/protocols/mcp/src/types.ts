/** Options of the MCP plugin and the shapes its modules share. */
import type { McpSessionEvent, OutboundPolicy } from '@wirebench/core'
import type { CookieJars, DispatcherFactory, HostListenerOf } from '@wirebench/transport'
import type { McpProcessBoard, McpServerDirectory, McpStdioServer } from './config/types.js'
import type { McpAuthorizer } from './oauth/authorizer.js'
import type { SpawnFunction } from './stdio/server-process.js'

export interface McpPluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** Share a dispatcher factory with other plugins; by default the plugin creates its own. */
  dispatchers?: DispatcherFactory
  /** The server's per-environment cookie jars, used when the plugin creates its own dispatcher factory. */
  cookieJars?: CookieJars
  /**
   * Embedded mode: the host's own origin (an MCP endpoint the host serves), reachable whatever `outbound` says; its
   * sessions connect to the host's listener whatever name the address carries (no DNS).
   */
  host?: { owns(url: string): boolean; listener: HostListenerOf }
  /** The trusted configuration: stdio servers by name, headers and roots of HTTP entries. None: no stdio servers. */
  servers?: McpServerDirectory
  /** Where the state of each stdio server process is published (for `GET /api/mcp/servers`). */
  processes?: McpProcessBoard
  /** Starts processes (tests put a spy here); `child_process.spawn` by default. */
  spawn?: SpawnFunction
  /** Sessions kept open at once (default 32); the least recently used idle one is closed for a new one. */
  maxSessions?: number
  /** A session with no call and no open channel for this long is closed (default 5 minutes). */
  idleTimeoutMs?: number
  /** Time to connect and initialize a session (default 20 s; a call's own deadline may end it sooner). */
  connectTimeoutMs?: number
  /** How long a server's request (elicitation, sampling) waits for the user's answer (default 120 s). */
  serverRequestTimeoutMs?: number
  /**
   * Where nobody can answer the server's requests (the command line): each is refused at once — an elicitation
   * declined, a sampling request failed — and reported here, instead of waiting for the timeout.
   */
  onUnanswerableRequest?: (method: 'elicitation/create' | 'sampling/createMessage') => void
  /** stdio: the longest line a server may write to stdout (default 8 MiB). */
  maxLineBytes?: number
  /** stdio: lines that are not JSON-RPC a server may write to stdout before its session is closed (default 200). */
  maxNoiseLines?: number
  /** stdio: stderr lines kept per process (default 200). */
  stderrLines?: number
  /** stdio: grace between SIGTERM and SIGKILL when a session closes (default 2 s). */
  killGraceMs?: number
  /** Pages of a list (tools, resources…) read at discovery before giving up (default 1,000). */
  maxListPages?: number
  /** Events queued for a session channel whose browser falls behind (default 10,000; the oldest go first). */
  maxQueuedEvents?: number
  /** The workbench's MCP authorization (Connect): the bearer token held for a server goes on its HTTP requests. */
  authorizer?: McpAuthorizer
  /** The client identity sent at `initialize`. */
  clientInfo?: { name: string; version: string }
}

/** Where a session goes: an HTTP URL (with the transport the probe found, if any) or a configured stdio server. */
export type SessionTarget =
  { kind: 'http'; url: string; transport?: 'streamable-http' | 'sse' } | { kind: 'stdio'; server: McpStdioServer }

/** Receives the events of a session (its channels). */
export type SessionListener = (event: McpSessionEvent) => void

export const toolsService = 'Tools'
export const resourcesService = 'Resources'
export const templatesService = 'Resource templates'
export const promptsService = 'Prompts'
export type { SpawnFunction }
