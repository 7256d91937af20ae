/** The `wirebench` command line: flags, help, the subcommands, and the process lifecycle around `start`. */
import { Command, CommanderError, Option } from 'commander'
import { benchCommand } from './commands/bench.js'
import { callCommand } from './commands/call.js'
import { completionCommand } from './commands/completion.js'
import { describeCommand } from './commands/describe.js'
import { listCommand } from './commands/list.js'
import { pluginCommand } from './commands/plugin.js'
import { exitCodes } from './exit-codes.js'
import { CliFailure, renderFailure } from './failure.js'
import { UsageError, resolveFlags } from './flags.js'
import type { RawFlags } from './flags.js'
import type { CliIo } from './io.js'
import { start } from './start.js'
import type { Output } from './start.js'
import { unknownCommand } from './unknown-command.js'
import { cliVersion } from './version.js'

const examples = `
Examples:
  $ wirebench                                        start on 127.0.0.1:5080 and open http://localhost:5080
  $ wirebench --url http://localhost:8080/openapi.json
                                                     point the workbench at one API (the URL list is locked)
  $ wirebench --url rest@http://localhost:8080/docs/json --url http://localhost:9090/spec.yaml
                                                     several APIs; rest@ makes only the REST plugin try that URL
  $ wirebench --url 'mcp@stdio:npx -y @modelcontextprotocol/server-everything'
                                                     start an MCP server over stdio (no shell) and browse it;
                                                     the URL list shows it as mcp+stdio://server-everything
  $ wirebench --mcp-config ~/.cursor/mcp.json        the MCP servers of an mcpServers file (Claude Desktop, Cursor,
                                                     VS Code format); {config-dir}/mcp.json is read too
  $ wirebench --demo                                 start the built-in demo services and point the workbench at them
  $ wirebench --port 0 --no-open                     any free port, print the URL instead of opening a browser
  $ wirebench --plugin-dir ./my-sidecars             also load the sidecar plugins in ./my-sidecars
  $ wirebench plugin list                            the sidecar plugins, their manifests and health
  $ wirebench --workspace ./api-requests             saved requests in a folder you keep in git
  $ wirebench --ai-provider ollama --ai-model llama3.2
                                                     the assistant on a local Ollama model (nothing leaves the machine)

The printed URL carries a per-launch session token after '#token='; API calls need it. The browser is opened
with a one-time ticket instead (command lines are visible to other local users); reopen the printed URL any time.
A --url without a scheme (localhost:8080/openapi.json) means http://. MCP servers over stdio start only from the
command line or a configuration file, never from the browser: the UI names them mcp+stdio://<name>.
Files (uploads, environments) live in --config-dir, default ~/.wirebench (or $WIREBENCH_HOME).

Commands (wirebench <command> --help for each):
  $ wirebench list --url http://localhost:8080/openapi.json     services and methods, one per line
  $ wirebench describe --url … Service/Method                   a method's fields and an example request
  $ wirebench call --url … Service/Method -d '{…}'              call it (streams print NDJSON)
  $ wirebench call --workspace ./api-requests --request smoke/get-item   send a saved request
  $ wirebench bench --url … Service/Method -n 1000 -c 16 --threshold 'p95 < 200ms'   benchmark it
  $ wirebench completion bash|zsh|fish                          a shell completion script`

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

/** What the subcommands write to and how they report their exit code. */
export interface CommandContext {
  io: CliIo
  setExitCode(code: number): void
}

/**
 * The program: the root command starts the workbench; subcommands (list, describe, call, completion…) run in this
 * process and end. Each subcommand is one module under `commands/` added here.
 */
export function buildProgram(onStart: (flags: RawFlags) => Promise<void>, context?: CommandContext): Command {
  const program = buildStartCommand(onStart)
  if (context) {
    const { io } = context
    const setExitCode = (code: number) => context.setExitCode(code)
    program.configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    for (const command of [
      listCommand(io, setExitCode),
      describeCommand(io, setExitCode),
      callCommand(io, setExitCode),
      benchCommand(io, setExitCode),
      pluginCommand(io),
      completionCommand(io, () => program),
    ]) {
      program.addCommand(
        command
          .exitOverride()
          .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
          .showHelpAfterError(`(run wirebench ${command.name()} --help for usage)`),
      )
    }
  }
  return program
}

function buildStartCommand(onStart: (flags: RawFlags) => Promise<void>): Command {
  return (
    new Command('wirebench')
      .description(
        'A multi-protocol API workbench: discover, call and inspect REST, gRPC, GraphQL, SSE, WebSocket, SignalR and MCP ' +
          'services in your browser (wirebench [options]) or from a terminal (wirebench list|describe|call …).',
      )
      // The root's own flags only start the workbench; a newcomer must not expect them to work after a command.
      .optionsGroup('Options to start the workbench (each command has its own: wirebench <command> --help):')
      .version(cliVersion, '-v, --version', 'print the version')
      .option(
        '--url <address>',
        "discovery URL; repeat for several; accepts protocol@url and 'mcp@stdio:<command line>'; locks the URL list",
        collect,
      )
      .option('--port <n>', 'port to listen on (0 = any free port)', '5080')
      .option('--host <addr>', 'interface to listen on; non-loopback needs --allow-remote', '127.0.0.1')
      .option('--allow-remote', 'allow a non-loopback --host (exposes the workbench to the network)')
      .option('--allow-host <name>', 'accept this Host header besides localhost (repeatable)', collect)
      .option('--config-dir <dir>', 'where uploads and settings live (default ~/.wirebench, env WIREBENCH_HOME)')
      .option(
        '--mcp-config <file>',
        'MCP servers in the mcpServers format (stdio commands and URLs); repeatable; {config-dir}/mcp.json is read too',
        collect,
      )
      .option('--no-open', 'do not open a browser')
      .option('--no-token', 'turn off the session token (any local program can then drive the workbench)')
      .option('--demo', 'start the demo services and point the workbench at them')
      .option('--plugin-dir <dir>', 'also load the sidecar plugins in this directory (repeatable)', collect)
      .option(
        '--workspace <dir>',
        'open this folder as the active workspace (created when missing); its urls are the ones the page starts with',
      )
      .option(
        '--ai-provider <id>',
        'AI assistant provider: ollama (default), lmstudio, openai, anthropic, openrouter or mcp (any case)',
      )
      .option(
        '--ai-endpoint <url>',
        "AI provider base URL (empty: the provider's default); for mcp an MCP URL or 'stdio:<command line>'",
      )
      .option('--ai-model <id>', 'model id the AI provider serves (not validated: the provider answers if unknown)')
      .option(
        '--ai-api-key <key>',
        'your own key for openai, anthropic or openrouter; kept in memory for this run (other local users can see command lines: prefer the AI settings, stored 0600 in ai-config.json)',
      )
      .addOption(new Option('--ui-dir <dir>', 'serve this UI build instead of the installed one').hideHelp())
      .addHelpText('after', examples)
      .showHelpAfterError('(run wirebench --help for usage)')
      .exitOverride()
      // Root flags go before a subcommand, so `call -v` is verbose while `wirebench -v` prints the version.
      .enablePositionalOptions()
      // A word that is no subcommand reaches the start action: it is refused there as an unknown command.
      .allowExcessArguments(true)
      .action(async (flags: RawFlags, command: Command) => {
        const [word, topic] = command.args
        // `wirebench help [command]`, as commander offers it on programs without a start action of their own.
        if (word === 'help') {
          ;(command.commands.find((c) => c.name() === topic) ?? command).outputHelp()
          return
        }
        if (word !== undefined)
          throw unknownCommand(
            word,
            command.commands.map((c) => c.name()),
          )
        await onStart(flags)
      })
  )
}

const console_: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  // A getter: touching process.stdin creates its stream, which only `-d @-` needs.
  get stdin() {
    return process.stdin
  },
  isTTY: process.stdout.isTTY,
}

interface ShutdownWatch {
  /** Hands over what stops the workbench; a signal that came before it stops it at once. */
  setStop(stop: () => Promise<void>): void
  /** Resolves with the exit code once a signal stopped the workbench. */
  done: Promise<number>
  /** Stops listening (the command ended without starting a server). */
  dispose(): void
}

/**
 * Listens for SIGINT/SIGTERM from before the server starts: a signal that lands between the banner and the end of
 * start-up would otherwise hit Node's default action and kill the process without closing anything.
 */
function watchForShutdown(): ShutdownWatch {
  let stop: (() => Promise<void>) | undefined
  let signalled = false
  let finish: (code: number) => void = () => undefined
  const done = new Promise<number>((resolve) => (finish = resolve))
  const shutDown = (run: () => Promise<void>) =>
    run().then(
      () => finish(0),
      (error: unknown) => {
        console_.err(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`)
        finish(1)
      },
    )
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      // A second Ctrl+C means "now": skip the graceful close.
      process.exit(130)
    }
    signalled = true
    console_.err(`\n${signal} received, shutting down…\n`)
    if (stop) void shutDown(stop)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    setStop(next) {
      stop = next
      if (signalled) void shutDown(next)
    },
    done,
    dispose() {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    },
  }
}

/** Runs the command; resolves with the process exit code. */
export async function run(argv: readonly string[], output: Output | CliIo = console_): Promise<number> {
  const shutdown = watchForShutdown()
  let isStarted = false
  let commandExit: number | undefined
  const program = buildProgram(
    async (flags) => {
      shutdown.setStop(await start(resolveFlags(flags), output))
      isStarted = true
    },
    { io: output, setExitCode: (code) => (commandExit = code) },
  )
  // A subcommand starts no server: Ctrl+C must end it the default way, not wait for a shutdown that never comes.
  program.hook('preSubcommand', () => shutdown.dispose())
  try {
    await program.parseAsync([...argv])
  } catch (error) {
    shutdown.dispose()
    // Help and --version end with 0; every other commander error is a usage error.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : exitCodes.usage
    if (error instanceof CliFailure) {
      output.err(renderFailure(error))
      return error.exitCode
    }
    if (error instanceof UsageError) {
      output.err(`wirebench: ${error.message}\n`)
      return 2
    }
    output.err(`wirebench: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  if (isStarted) return shutdown.done
  shutdown.dispose()
  return commandExit ?? 0
}
