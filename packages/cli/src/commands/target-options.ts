/** The flags every call command shares (`--url`, `--protocol`, `--env`…), and the session they set up. */
import { resolve } from 'node:path'
import { Command, Option } from 'commander'
import type { DiscoverResponse, SavedAuth } from '@wirebench/core'
import { STDIO_PIN_PREFIX } from '@wirebench/protocol-mcp/config'
import type { McpStdioServer } from '@wirebench/protocol-mcp/config'
import { UsageError, defaultConfigDir, stdioUrl } from '../flags.js'
import { createCallAuth } from '../environment/call-auth.js'
import type { CallAuth } from '../environment/call-auth.js'
import { loadCallEnvironment } from '../environment/environment-flags.js'
import { withSavedAuth } from '../environment/saved-auth.js'
import { withUrlVariables } from '../workspace/url-variables.js'
import { cliWording } from '../cli-wording.js'
import { createCliEngine, stderrLogger } from '../engine/cli-engine.js'
import type { CliEngine } from '../engine/cli-engine.js'
import { discoverTargets } from '../engine/discover-targets.js'
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
  timeout?: string
}

function configDirOf(flags: Pick<TargetFlags, 'configDir'>): string {
  return flags.configDir ? resolve(flags.configDir) : defaultConfigDir()
}

/** The plugins' words in the command line's, with this command's config directory. */
function wordingFor(flags: Pick<TargetFlags, 'configDir'>): (text: string) => string {
  const context = { configDir: configDirOf(flags) }
  return (text) => cliWording(text, context)
}

/**
 * A call command's action: whatever it throws leaves as a CliFailure (its exit code, reason and hint), in the command
 * line's words.
 */
export function callAction<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await action(...args)
    } catch (error) {
      // Commander hands the action its command last.
      const command = args.at(-1)
      const flags = command instanceof Command ? command.opts<TargetFlags>() : {}
      throw CliFailure.from(error).inWords(wordingFor(flags))
    }
  }
}

/** `--timeout <seconds>` in milliseconds: a number above 0 and at most 600. */
export function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const seconds = text.trim() === '' ? Number.NaN : Number(text)
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) {
    throw CliFailure.usage(
      `--timeout "${text}" is not a time the command can wait: give seconds, more than 0 and at most 600.`,
      'Write --timeout 5, or --timeout 0.5 for half a second; leave it out for the defaults (15 s per discovery).',
    )
  }
  return Math.round(seconds * 1000)
}

export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

const discoveryVerbose = 'print every discovery attempt that found nothing (address, plugin, reason) to stderr'

/**
 * Adds the shared flags to a command; `verbose` is what `-v` adds to the discovery attempts every command prints with
 * it.
 */
export function withTargetOptions(command: Command, verbose?: string): Command {
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
    .option('-v, --verbose', verbose ? `${discoveryVerbose}; ${verbose}` : discoveryVerbose)
}

/** `--timeout` of the commands that only discover (list, describe). */
export function discoveryTimeoutOption(): Option {
  return new Option(
    '--timeout <seconds>',
    'give up on discovery after this long (each plugin at each --url; default 15)',
  )
}

export interface CallSession {
  engine: CliEngine
  auth: CallAuth
  urls: string[]
  /**
   * Discovers the --url addresses (exit 3 or 4 when nothing answered), saying on stderr which addresses were left
   * out and, with -v, every attempt that found nothing.
   */
  discover(options: { metadata?: Record<string, string>; timeoutMs?: number }): Promise<DiscoverResponse>
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
  const configDir = configDirOf(flags)
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
    const word = wordingFor(flags)
    const discover: CallSession['discover'] = (options) =>
      discoverTargets(engine, {
        urls,
        ...options,
        ...(flags.protocol ? { protocol: flags.protocol } : {}),
        say: (line) => io.err(line),
        isVerbose: flags.verbose === true,
        word,
      })
    return { engine, auth, urls, discover, close: () => engine.close() }
  } catch (error) {
    await engine.close()
    throw error
  }
}
