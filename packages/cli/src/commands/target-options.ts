/** The flags every call command shares (`--url`, `--protocol`, `--env`…), and the session they set up. */
import { Option } from 'commander'
import type { Command } from 'commander'
import { defaultConfigDir } from '../flags.js'
import { createCallAuth } from '../environment/call-auth.js'
import type { CallAuth } from '../environment/call-auth.js'
import { loadCallEnvironment } from '../environment/environment-flags.js'
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
  verbose?: boolean
}

export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

/** Adds the shared flags to a command. */
export function withTargetOptions(command: Command): Command {
  return command
    .requiredOption('--url <address>', 'server address or document URL; repeatable; accepts protocol@url', collect)
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
    .addOption(
      new Option('--config-dir <dir>', 'where environments.json lives').default(
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

export async function openSession(
  flags: TargetFlags,
  io: CliIo,
  options: { timeoutMs?: number } = {},
): Promise<CallSession> {
  const urls = (flags.url ?? []).map((u) => u.trim()).filter((u) => u !== '')
  if (urls.length === 0) throw CliFailure.usage('--url is empty.', 'Give the address of a server or a document.')
  const environment = await loadCallEnvironment({
    configDir: flags.configDir ?? defaultConfigDir(),
    ...(flags.env !== undefined ? { env: flags.env } : {}),
    ...(flags.envFile !== undefined ? { envFile: flags.envFile } : {}),
    ...(flags.var ? { var: flags.var } : {}),
  })
  const engine = await createCliEngine(
    stderrLogger((text) => io.err(text), flags.verbose === true),
    options.timeoutMs !== undefined ? { discoveryTimeoutMs: options.timeoutMs } : {},
  )
  try {
    const auth = await createCallAuth({
      ...environment,
      urls,
      allowedHosts: flags.allowCredentialsHost ?? [],
      tokens: engine.tokens,
    })
    return { engine, auth, urls, close: () => engine.close() }
  } catch (error) {
    await engine.close()
    throw error
  }
}
