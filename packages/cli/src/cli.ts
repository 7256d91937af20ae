/** The `wirebench` command line: flags, help, and the process lifecycle around `start`. */
import { Command, CommanderError, Option } from 'commander'
import { UsageError, resolveFlags } from './flags.js'
import type { RawFlags } from './flags.js'
import { start } from './start.js'
import type { Output } from './start.js'
import { cliVersion } from './version.js'

const examples = `
Examples:
  $ wirebench                                        start on 127.0.0.1:5080 and open http://localhost:5080
  $ wirebench --url http://localhost:8080/openapi.json
                                                     point the workbench at one API (the URL list is locked)
  $ wirebench --url rest@http://localhost:8080/docs/json --url http://localhost:9090/spec.yaml
                                                     several APIs; rest@ makes only the REST plugin try that URL
  $ wirebench --demo                                 start the built-in demo services and point the workbench at them
  $ wirebench --port 0 --no-open                     any free port, print the URL instead of opening a browser

The printed URL carries a per-launch session token after '#token='; API calls need it.
Files (uploads, environments) live in --config-dir, default ~/.wirebench (or $WIREBENCH_HOME).`

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

export function buildProgram(onStart: (flags: RawFlags) => Promise<void>): Command {
  return new Command('wirebench')
    .description('A multi-protocol API workbench in your browser: discover, call and inspect REST (and more) services.')
    .version(cliVersion, '-v, --version', 'print the version')
    .option('--url <address>', 'discovery URL; repeat for several; accepts protocol@url; locks the URL list', collect)
    .option('--port <n>', 'port to listen on (0 = any free port)', '5080')
    .option('--host <addr>', 'interface to listen on; non-loopback needs --allow-remote', '127.0.0.1')
    .option('--allow-remote', 'allow a non-loopback --host (exposes the workbench to the network)')
    .option('--allow-host <name>', 'accept this Host header besides localhost (repeatable)', collect)
    .option('--config-dir <dir>', 'where uploads and settings live (default ~/.wirebench, env WIREBENCH_HOME)')
    .option('--no-open', 'do not open a browser')
    .option('--no-token', 'turn off the session token (any local program can then drive the workbench)')
    .option('--demo', 'start the demo services and point the workbench at them')
    .addOption(new Option('--ui-dir <dir>', 'serve this UI build instead of the installed one').hideHelp())
    .addHelpText('after', examples)
    .showHelpAfterError('(run wirebench --help for usage)')
    .exitOverride()
    .action(async (flags: RawFlags) => onStart(flags))
}

const console_: Output = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
}

function waitForShutdown(stop: () => Promise<void>): Promise<number> {
  return new Promise((resolve) => {
    let stopping = false
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second Ctrl+C means "now": skip the graceful close.
        process.exit(130)
      }
      stopping = true
      console_.err(`\n${signal} received, shutting down…\n`)
      stop().then(
        () => resolve(0),
        (error: unknown) => {
          console_.err(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`)
          resolve(1)
        },
      )
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  })
}

/** Runs the command; resolves with the process exit code. */
export async function run(argv: readonly string[], output: Output = console_): Promise<number> {
  let stop: (() => Promise<void>) | undefined
  const program = buildProgram(async (flags) => {
    stop = await start(resolveFlags(flags), output)
  })
  try {
    await program.parseAsync([...argv])
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode
    if (error instanceof UsageError) {
      output.err(`wirebench: ${error.message}\n`)
      return 2
    }
    output.err(`wirebench: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  return stop ? waitForShutdown(stop) : 0
}
