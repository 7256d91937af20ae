/** Options of the workbench Fastify plugin and their defaults. */
import type { AiService } from '@wirebench/ai'
import type { HistoryLimits } from '@wirebench/workspace'
import { LIVE_ACK_WINDOW } from '@wirebench/core'
import type { ProtocolPlugin } from '@wirebench/core'
import type { SpawnFunction } from '@wirebench/protocol-mcp'
import type { ConfiguredMcpServer } from '@wirebench/protocol-mcp/config'
import type { SidecarHostLimits } from '@wirebench/sidecar'
import type { FastifyRequest } from 'fastify'
import type { EmbeddedHost } from './embedded/host.js'
import type { LaunchTickets } from './security/launch-tickets.js'

export interface WorkbenchLimits {
  /** Largest JSON request body (discover, invoke). */
  jsonBodyBytes: number
  /** Largest schema upload. */
  uploadBytes: number
  /** Time box of one plugin trying one URL. */
  discoveryTimeoutMs: number
  /** Invoke timeout when the request names none. */
  invokeTimeoutMs: number
  /** Upper bound on a requested invoke timeout. */
  maxInvokeTimeoutMs: number
  /** Most URLs one discovery request may carry. */
  maxDiscoveryUrls: number
  /** Upstream bodies beyond this are cut and flagged `truncated` by the plugins. */
  maxResponseBytes: number
  /** Time box of one token request through the auth proxy routes (SPEC.md Limits: 15 s). */
  tokenProxyTimeoutMs: number
  /** Largest token endpoint answer the auth proxy accepts; a bigger one is a 502. */
  tokenProxyMaxResponseBytes: number
  /** Live WebSockets (`/api/ws`, one per tab) open at once. */
  liveMaxSockets: number
  /** Streams and channels open at once on one live WebSocket. */
  liveMaxCallsPerSocket: number
  /** Largest inbound live message; a bigger one closes the socket (1009). */
  liveMaxMessageBytes: number
  /** A live call without a deadline ends after this long with no frames either way. */
  liveIdleTimeoutMs: number
  /** Frames one live call may hold for a browser that falls behind, beyond those awaiting its ack. */
  liveMaxQueuedFrames: number
  /** Frames a live call sends ahead of the browser's last ack; at most the protocol's `LIVE_ACK_WINDOW`. */
  liveAckWindow: number
  /** Bytes of frames one live call may hold for a browser that falls behind (its overflow policy applies beyond). */
  liveMaxQueuedBytes: number
  /** Bytes of frames all calls of one live WebSocket may hold together. */
  liveMaxSocketQueuedBytes: number
  /** A live frame larger than this (as JSON) is replaced by one saying it was too large to relay live. */
  liveMaxFrameBytes: number
  /** Bytes of `channel.send` messages one channel may hold waiting to be sent; beyond, sends are refused (`busy`). */
  liveMaxPendingSendBytes: number
  /**
   * Benchmark runs going on at once; another start is refused (`busy`) until one ends. 1 by default: runs sharing the
   * process (and its event loop) measure each other, and neither result would say so.
   */
  benchMaxRuns: number
  /** Callers (closed loop) or calls in flight (open loop) one run may keep. */
  benchMaxConcurrency: number
  /** Calls per second an open-loop run may ask for. */
  benchMaxRate: number
  /** Seconds a run may last, warm-up excluded. */
  benchMaxDurationS: number
  /**
   * Calls one run may plan, warm-up included: a closed-loop run's count, an open-loop run's rate × duration. A closed
   * loop run for a duration is bounded by `benchMaxDurationS` and `benchMaxConcurrency` instead.
   */
  benchMaxCalls: number
}

export const defaultLimits: WorkbenchLimits = {
  jsonBodyBytes: 1024 * 1024,
  uploadBytes: 32 * 1024 * 1024,
  discoveryTimeoutMs: 15_000,
  invokeTimeoutMs: 30_000,
  maxInvokeTimeoutMs: 10 * 60_000,
  maxDiscoveryUrls: 32,
  maxResponseBytes: 50 * 1024 * 1024,
  tokenProxyTimeoutMs: 15_000,
  tokenProxyMaxResponseBytes: 1024 * 1024,
  liveMaxSockets: 32,
  liveMaxCallsPerSocket: 64,
  liveMaxMessageBytes: 1024 * 1024,
  liveIdleTimeoutMs: 5 * 60_000,
  liveMaxQueuedFrames: 10_000,
  liveAckWindow: LIVE_ACK_WINDOW,
  liveMaxQueuedBytes: 16 * 1024 * 1024,
  liveMaxSocketQueuedBytes: 64 * 1024 * 1024,
  liveMaxFrameBytes: 8 * 1024 * 1024,
  liveMaxPendingSendBytes: 4 * 1024 * 1024,
  benchMaxRuns: 1,
  benchMaxConcurrency: 1000,
  benchMaxRate: 20_000,
  // An hour: long enough for a soak run, short enough that a forgotten run ends on its own.
  benchMaxDurationS: 3600,
  benchMaxCalls: 10_000_000,
}

/** The trusted MCP configuration: where stdio servers come from (never from a request). */
export interface WorkbenchMcpOptions {
  /** `--mcp-config` files in the `mcpServers` format; `{configDir}/mcp.json` is read after them when it exists. */
  configFiles?: string[]
  /** Entries given on the command line (`--url mcp@stdio:<command line>`); they win over files on a name clash. */
  servers?: ConfiguredMcpServer[]
  /** Starts server processes (tests watch it); `child_process.spawn` by default. */
  spawn?: SpawnFunction
  /** How long a server's request (elicitation, sampling) waits for the user's answer (default 120 s). */
  serverRequestTimeoutMs?: number
}

export interface WorkbenchOptions {
  /** Directory of the workbench's files (uploads live in `{configDir}/uploads`). */
  configDir: string
  /**
   * The optional AI package (`createAiService` of `@wirebench/ai`): given, the server adds `/api/ai/*` and the live
   * `ai.chat` op; omitted (an embedding host that did not add it), neither exists and the page shows only hints.
   */
  ai?: AiService
  /** Protocol plugins; default: the REST plugin. */
  plugins?: ProtocolPlugin[]
  /** URLs fixed on the command line: the UI shows the URL list read-only. */
  lockedUrls?: string[] | null
  /** Discovery URLs of the demo services (`--demo`). */
  demoUrls?: string[]
  /**
   * A workspace folder to open (created when missing) and make active at start (`--workspace <dir>`); its `urls`
   * are the page's starting URLs.
   */
  workspaceDir?: string
  /** Workspace watching and history bounds (tests turn the watcher off or shorten its debounce). */
  workspaces?: { watch?: boolean; watchDebounceMs?: number; historyLimits?: HistoryLimits }
  /**
   * The session token `/api/*` calls must carry; `null` turns the gate off (`--no-token`).
   * When omitted a random token nobody knows is used, so the API stays closed until one is given.
   */
  token?: string | null
  /**
   * One-time launch tickets the page may trade for the session token (`POST {prefix}/api/session/ticket`); the
   * standalone server passes its own so the CLI can open the browser without the token on its command line.
   */
  launchTickets?: LaunchTickets
  /**
   * Called with the new session token when the old one was replaced: a spent launch ticket was presented again, so
   * another program may hold the old token (the standalone server prints the new URL on the terminal).
   */
  onSessionTokenRotated?: (token: string) => void
  /** Host header values admitted besides loopback names (`name` for any port, `name:port` for one). */
  allowedHosts?: string[]
  /** Default `embedded`: the standalone server (`createStandaloneServer`) passes `standalone` itself. */
  mode?: 'standalone' | 'embedded'
  /** The built UI (index.html + assets/); default: `@wirebench/ui`'s dist. `null`: serve no UI. */
  uiDir?: string | null
  /**
   * The web host the workbench is mounted in (`@wirebench/embed` sets it): its origin is discovered from its route
   * table and its routes are called in process where the framework allows.
   */
  embeddedHost?: EmbeddedHost
  /** Hosts reachable in embedded mode although private or loopback. */
  outboundAllowHosts?: string[]
  /** Embedded mode under NODE_ENV=production refuses to start unless this is set (SECURITY.md). */
  allowInProduction?: boolean
  /**
   * The host's own check of every workbench request (API, UI page and assets, OAuth callback, live socket), e.g. its
   * session, run after the gates; false or a throw answers 403.
   */
  authorize?: (request: FastifyRequest) => boolean | Promise<boolean>
  /** MCP servers from trusted configuration (the only way a stdio server is ever started). */
  mcp?: WorkbenchMcpOptions
  /** Version shown in the UI; default: this package's version. */
  version?: string
  /**
   * Sidecar plugins (`{configDir}/plugins/<dir>/sidecar.json` and `pluginDirs`): on by default standalone, off
   * embedded (SECURITY.md: a host must opt in to the workbench spawning processes).
   */
  sidecars?: boolean
  /** More directories of sidecar plugins (`--plugin-dir`): each holds plugin directories, or is one. */
  pluginDirs?: string[]
  /** Process-care limits of every sidecar (per-request timeout, ping interval, queue bounds…). */
  sidecarLimits?: Partial<SidecarHostLimits>
  limits?: Partial<WorkbenchLimits>
}
