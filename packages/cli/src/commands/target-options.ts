/** The flags every call command shares (`--url`, `--protocol`, `--env`…), and the session they set up. */
import { resolve } from 'node:path'
import { Option } from 'commander'
import type { SavedAuth } from '@wirebench/core'
import type { Command } from 'commander'
import { STDIO_PIN_PREFIX } from '@wirebench/protocol-mcp/config'
import type { McpStdioServer } from '@wirebench/protocol-mcp/config'
import { UsageError, defaultConfigDir, stdioUrl } from '../flags.js'
import { createCallAuth } from '../environment/call-auth.js'
import type { CallAuth } from '../environment/call-auth.js'
import { loadCallEnvironment } from '../environment/environment-flags.js'
import { withSavedAuth } from '../environment/saved-auth.js'
import { withUrlVariables } from '../workspace/url-variables.js'
import { createCliEngine, stderrLogger } from '../engine/cli-engine.js'
import type { CliEngine } from '../engine/cli-engine.js'
import { CliFailure } from '../failure.js'
import type { CliIo } from '../io.js'

export interface TargetFlags {
  url?: string[]
  protocol?: string
  env?: string
  envFile?: string
  var?: string[]
  allowCredentialsHost?: string[]
  configDir?: string
  pluginDir?: string[]
  mcpConfig?: string[]
  verbose?: boolean
}

/** A call command's action: whatever it throws leaves as a CliFailure (its exit code, reason and hint). */
export function callAction<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await action(...args)
    } catch (error) {
      throw CliFailure.from(error)
    }
  }
}

export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

/** Adds the shared flags to a command. */
export function withTargetOptions(command: Command): Command {
  return command
    .requiredOption(
      '--url <address>',
      "server address or document URL; repeatable; accepts protocol@url and 'mcp@stdio:<cmd>'",
      collect,
    )
    .option(
      '--protocol <id>',
      'only this protocol plugin tries the URLs (rest, grpc, graphql, sse, websocket, signalr…)',
    )
    .option('--env <name>', 'apply this environment of environments.json (variables, auth, TLS trust)')
    .option('--env-file <file>', 'variables from a NAME=value file, over the environment’s')
    .option('--var <name=value>', 'a variable, over the environment’s and the file’s (repeatable)', collect)
    .option(
      '--allow-credentials-host <host>',
      "send the environment's credentials to this host too (repeatable; the --url hosts are approved already)",
      collect,
    )
    .option('--plugin-dir <dir>', 'also load the sidecar plugins in this directory (repeatable)', collect)
    .option(
      '--mcp-config <file>',
      'MCP servers in the mcpServers format, called as mcp+stdio://<name>; repeatable; {config-dir}/mcp.json is read too',
      collect,
    )
    .addOption(
      new Option('--config-dir <dir>', 'where environments.json and installed plugins live').default(
        undefined,
        '~/.wirebench or $WIREBENCH_HOME',
      ),
    )
}

export interface CallSession {
  engine: CliEngine
  auth: CallAuth
  urls: string[]
  close(): Promise<void>
}

/** `--url 'mcp@stdio:<command line>'`: a stdio server the user starts (trusted, as a file is), then its address. */
function stdioServerUrl(url: string, servers: McpStdioServer[]): string {
  try {
    return stdioUrl(url, servers)
  } catch (error) {
    if (error instanceof UsageError) throw CliFailure.usage(error.message, "Write --url 'mcp@stdio:<program> <args>'.")
    throw error
  }
}

/** `workspaceVars`: the variables of the workspace a saved request came from, the lowest-precedence scope. */
export async function openSession(
  flags: TargetFlags,
  io: CliIo,
  workspaceVars?: Readonly<Record<string, string>>,
  savedAuth?: SavedAuth,
  chainResolver?: (name: string) => string | undefined,
): Promise<CallSession> {
  const mcpServers: McpStdioServer[] = []
  const typedUrls = (flags.url ?? [])
    .map((u) => u.trim())
    .filter((u) => u !== '')
    .map((url) => (url.toLowerCase().startsWith(STDIO_PIN_PREFIX) ? stdioServerUrl(url, mcpServers) : url))
  if (typedUrls.length === 0) throw CliFailure.usage('--url is empty.', 'Give the address of a server or a document.')
  const configDir = flags.configDir ? resolve(flags.configDir) : defaultConfigDir()
  const environment = await withSavedAuth(
    await loadCallEnvironment({
      configDir,
      ...(flags.env !== undefined ? { env: flags.env } : {}),
      ...(flags.envFile !== undefined ? { envFile: flags.envFile } : {}),
      ...(flags.var ? { var: flags.var } : {}),
    }),
    savedAuth,
  )
  const urls = await withUrlVariables(typedUrls, environment.environment, workspaceVars)
  const engine = await createCliEngine(
    stderrLogger((text) => io.err(text), flags.verbose === true),
    {
      configDir,
      pluginDirs: (flags.pluginDir ?? []).map((dir) => resolve(dir)),
      mcp: { configFiles: (flags.mcpConfig ?? []).map((file) => resolve(file)), servers: mcpServers },
      say: (line) => io.err(line),
    },
  )
  // A configuration file the command cannot use is said at once: otherwise its servers are only "not configured".
  for (const issue of engine.mcpIssues) {
    io.err(`wirebench: ${issue.file}${issue.server ? ` (${issue.server})` : ''}: ${issue.message}\n`)
  }
  try {
    const auth = await createCallAuth({
      ...environment,
      urls,
      allowedHosts: flags.allowCredentialsHost ?? [],
      tokens: engine.tokens,
      ...(workspaceVars ? { workspaceVars } : {}),
      ...(chainResolver ? { resolve: chainResolver } : {}),
    })
    return { engine, auth, urls, close: () => engine.close() }
  } catch (error) {
    await engine.close()
    throw error
  }
}
