/** Turns the command line flags into start options, refusing the dangerous ones with an explanation. */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { AI_PROVIDER_IDS } from '@wirebench/core'
import { STDIO_PIN_PREFIX, stdioAddress, stdioServerFromCommandLine } from '@wirebench/protocol-mcp/config'
import type { McpStdioServer } from '@wirebench/protocol-mcp/config'

export interface RawFlags {
  url?: string[]
  port: string
  host: string
  configDir?: string
  open: boolean
  token: boolean
  demo?: boolean
  allowRemote?: boolean
  allowHost?: string[]
  mcpConfig?: string[]
  pluginDir?: string[]
  uiDir?: string
  workspace?: string
  aiProvider?: string
  aiEndpoint?: string
  aiModel?: string
  aiApiKey?: string
}

/** The `--ai-*` flags: an in-memory overlay over `{config-dir}/ai-config.json`, never written to it. */
export interface AiFlags {
  provider?: string
  endpoint?: string
  model?: string
  apiKey?: string
}

export interface StartOptions {
  lockedUrls: string[] | null
  port: number
  host: string
  configDir: string
  open: boolean
  token: boolean
  demo: boolean
  allowedHosts: string[]
  /** `--mcp-config` files (absolute): MCP servers in the `mcpServers` format. */
  mcpConfigFiles: string[]
  /** Stdio MCP servers given as `--url mcp@stdio:<command line>`; their locked URL is `mcp+stdio://<name>`. */
  mcpServers: McpStdioServer[]
  /** More sidecar plugin directories (`--plugin-dir`, absolute). */
  pluginDirs: string[]
  /** A UI build other than the installed one (development, tests). */
  uiDir?: string
  /** `--workspace <dir>` (absolute): opened (or created) and made the active workspace. */
  workspaceDir?: string
  ai: AiFlags
}

export class UsageError extends Error {
  override readonly name = 'UsageError'
}

const loopbackBinds = new Set(['localhost', '::1', '[::1]'])

export function isLoopbackBind(host: string): boolean {
  return loopbackBinds.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host)
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new UsageError(`--port must be a number from 0 to 65535 (0 picks a free port), not "${raw}".`)
  }
  return Number(raw)
}

export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.WIREBENCH_HOME?.trim()
  return fromEnv ? resolve(fromEnv) : join(homedir(), '.wirebench')
}

export function resolveFlags(flags: RawFlags, env: NodeJS.ProcessEnv = process.env): StartOptions {
  // `[::1]` is how URLs write it; listen() wants the bare address.
  const host = flags.host.trim().replace(/^\[(.*)\]$/, '$1')
  const remote = !isLoopbackBind(host)
  if (remote && !flags.allowRemote) {
    throw new UsageError(
      [
        `Refusing to listen on ${host}: that makes the workbench reachable from other machines.`,
        'The workbench calls any URL and reads files for whoever holds its session token; on a shared network',
        'that is a way into everything this machine can reach. Keep the default (127.0.0.1), or add',
        '--allow-remote if you understand the risk (the session token then guards the API).',
      ].join('\n'),
    )
  }
  if (remote && !flags.token) {
    throw new UsageError(
      '--no-token cannot be combined with a non-loopback --host: the API would be open to the network.',
    )
  }
  const mcpServers: McpStdioServer[] = []
  const urls = (flags.url ?? [])
    .map((u) => u.trim())
    .filter((u) => u !== '')
    .map((url) => (url.toLowerCase().startsWith(STDIO_PIN_PREFIX) ? stdioUrl(url, mcpServers) : url))
  const allowedHosts = [...(flags.allowHost ?? [])]
  // An explicit non-wildcard bind address is how remote users will address us, so admit it as a Host.
  if (remote && host !== '0.0.0.0' && host !== '::') allowedHosts.push(host.includes(':') ? `[${host}]` : host)
  return {
    lockedUrls: urls.length > 0 ? urls : null,
    port: parsePort(flags.port),
    host,
    configDir: flags.configDir ? resolve(flags.configDir) : defaultConfigDir(env),
    open: flags.open,
    token: flags.token,
    demo: flags.demo === true,
    allowedHosts,
    mcpConfigFiles: (flags.mcpConfig ?? []).map((file) => resolve(file)),
    mcpServers,
    pluginDirs: (flags.pluginDir ?? []).map((dir) => resolve(dir)),
    ...(flags.uiDir ? { uiDir: resolve(flags.uiDir) } : {}),
    ...(flags.workspace ? { workspaceDir: resolve(flags.workspace) } : {}),
    ai: aiFlags(flags),
  }
}

function aiFlags(flags: RawFlags): AiFlags {
  const out: AiFlags = {}
  if (flags.aiProvider !== undefined) {
    const provider = flags.aiProvider.trim().toLowerCase()
    if (!AI_PROVIDER_IDS.some((id) => id === provider)) {
      throw new UsageError(
        `--ai-provider ${flags.aiProvider}: unknown provider. Use one of: ${AI_PROVIDER_IDS.join(', ')}.`,
      )
    }
    out.provider = provider
  }
  if (flags.aiEndpoint !== undefined) out.endpoint = flags.aiEndpoint.trim()
  if (flags.aiModel !== undefined) out.model = flags.aiModel.trim()
  if (flags.aiApiKey !== undefined && flags.aiApiKey !== '') out.apiKey = flags.aiApiKey
  return out
}

/**
 * `mcp@stdio:<command line>`: a stdio MCP server the user starts from the command line (trusted, like a config file),
 * named after its program; the URL list shows it as `mcp+stdio://<name>`.
 */
export function stdioUrl(url: string, servers: McpStdioServer[]): string {
  try {
    const server = stdioServerFromCommandLine(url.slice(STDIO_PIN_PREFIX.length), (name) =>
      servers.some((s) => s.name === name),
    )
    servers.push(server)
    return stdioAddress(server.name)
  } catch (error) {
    throw new UsageError(`--url ${url}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
