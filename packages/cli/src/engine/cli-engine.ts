/**
 * The workbench's call machinery in this process: the server's built-in plugins (each loading its stack on first
 * use), its discovery fan-out and invocation, under the standalone outbound policy and limits. No HTTP server runs.
 */
import type { Logger, McpConfigIssue, OutboundPolicy } from '@wirebench/core'
import type { McpStdioServer } from '@wirebench/protocol-mcp/config'
import { cliVersion } from '../version.js'
import type {
  McpServers,
  DiscoveryService,
  InvokeService,
  PluginRegistry,
  TokenProxy,
  WorkbenchLimits,
} from '@wirebench/server/engine'

export interface CliEngine {
  registry: PluginRegistry
  discovery: DiscoveryService
  invoker: InvokeService
  limits: WorkbenchLimits
  outboundPolicy: OutboundPolicy
  /** Token requests of the auth helpers (OAuth client credentials, custom tokens), as the server's proxy makes them. */
  tokens: TokenProxy
  logger: Logger
  /** What of the MCP configuration could not be used (a file anyone may write, an entry without a command…). */
  mcpIssues: McpConfigIssue[]
  close(): Promise<void>
}

/** A logger for plugins: warnings and errors go to stderr with `-v`, nothing otherwise. */
export function stderrLogger(write: (text: string) => void, isVerbose: boolean): Logger {
  const log = (level: string) => (message: string, data?: Record<string, unknown>) => {
    if (isVerbose) write(`* ${level}: ${message}${data ? ` ${JSON.stringify(data)}` : ''}\n`)
  }
  return { debug: () => undefined, info: () => undefined, warn: log('warn'), error: log('error') }
}

export interface CliEngineOptions {
  /** Where `plugins/` (installed sidecars) lives. */
  configDir: string
  /** `--plugin-dir`: more sidecar plugin directories. */
  pluginDirs?: readonly string[]
  /** The trusted MCP configuration of the command line: `--mcp-config` files and `--url mcp@stdio:…` servers. */
  mcp?: { configFiles: readonly string[]; servers: readonly McpStdioServer[] }
  /** A line for the user on stderr, whatever the verbosity. */
  say?: (line: string) => void
}

/**
 * The MCP servers this command may start or reach, as the server reads them (the flags, then
 * `{config_dir}/mcp.json`); none, and nothing imported, when the command line names none and that file is absent.
 */
async function mcpServersOf(options: CliEngineOptions): Promise<McpServers | undefined> {
  const fs = await import('node:fs')
  const path = await import('node:path')
  const defaultFile = path.join(options.configDir, 'mcp.json')
  const { configFiles = [], servers = [] } = options.mcp ?? {}
  if (configFiles.length === 0 && servers.length === 0 && !fs.existsSync(defaultFile)) return undefined
  const { createMcpServers } = await import('@wirebench/server/engine')
  return createMcpServers({ defaultFile, files: configFiles, commandLine: servers })
}

/** Sidecars are loaded only where there can be some: a call without them does not import the sidecar host. */
async function hasSidecars(options: CliEngineOptions): Promise<boolean> {
  if ((options.pluginDirs ?? []).length > 0) return true
  const fs = await import('node:fs')
  const path = await import('node:path')
  return fs.existsSync(path.join(options.configDir, 'plugins'))
}

export async function createCliEngine(logger: Logger, options: CliEngineOptions): Promise<CliEngine> {
  // Imported on demand: `wirebench --help` and the server start never pay for it, a call pays only for this.
  const engine = await import('@wirebench/server/engine')
  const limits = engine.defaultLimits
  const outboundPolicy = engine.workbenchOutboundPolicy('standalone')
  const cookieJars = engine.createServerCookieJars()
  const mcp = await mcpServersOf(options)
  const builtins = engine.createBuiltinPlugins({
    outbound: outboundPolicy,
    cookieJars: cookieJars.jars,
    mcp: {
      ...(mcp ? { servers: mcp, processes: mcp.board } : {}),
      // Nobody at a command line can fill a form or approve a sampling request: the server hears "no" at once.
      onUnanswerableRequest: (method) =>
        options.say?.(
          `wirebench: the server asked for ${method === 'elicitation/create' ? 'input (elicitation)' : 'a sampling answer'}; the command line cannot answer server requests, so it was declined. Use the workbench UI to answer it.\n`,
        ),
    },
  })
  const sidecars = (await hasSidecars(options))
    ? await engine.loadSidecarPlugins({
        configDir: options.configDir,
        pluginDirs: options.pluginDirs ?? [],
        takenIds: new Map(builtins.map((p) => [p.id, `the built-in ${p.name} plugin`])),
        hostVersion: cliVersion,
        logger,
      })
    : { plugins: [], refused: [] }
  const registry = engine.createPluginRegistry([...builtins, ...sidecars.plugins])
  const tokens = engine.createLazyTokenProxy({
    outboundPolicy,
    timeoutMs: limits.tokenProxyTimeoutMs,
    maxResponseBytes: limits.tokenProxyMaxResponseBytes,
  })
  return {
    registry,
    limits,
    outboundPolicy,
    tokens,
    logger,
    mcpIssues: mcp?.summaries().issues ?? [],
    discovery: engine.createDiscoveryService({
      registry,
      timeoutMs: limits.discoveryTimeoutMs,
      outboundPolicy,
      maxResponseBytes: limits.maxResponseBytes,
    }),
    invoker: engine.createInvokeService({
      registry,
      defaultTimeoutMs: limits.invokeTimeoutMs,
      maxTimeoutMs: limits.maxInvokeTimeoutMs,
      maxResponseBytes: limits.maxResponseBytes,
      outboundPolicy,
    }),
    async close() {
      await Promise.allSettled([registry.dispose(), tokens.close()])
    },
  }
}
