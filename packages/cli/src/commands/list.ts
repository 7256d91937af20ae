/** `wirebench list`: the services and methods behind the --url addresses, one per line, or the whole result as JSON. */
import { Command } from 'commander'
import type { DiscoverResponse, MethodInfo, MethodType } from '@wirebench/core'
import { serviceLabel } from '../engine/find-method.js'
import { discoveryExitCodeHelp } from '../exit-codes.js'
import { formatJson } from '../io.js'
import type { CliIo } from '../io.js'
import { callAction, discoveryTimeoutOption, openSession, parseTimeout, withTargetOptions } from './target-options.js'
import type { TargetFlags } from './target-options.js'

const kinds: Record<MethodType, string> = {
  Unary: 'unary',
  ServerStreaming: 'server-stream',
  ClientStreaming: 'client-stream',
  Duplex: 'bidi',
}

function kindOf(method: MethodInfo): string {
  return method.httpMethod ? `${kinds[method.methodType]} ${method.httpMethod.toUpperCase()}` : kinds[method.methodType]
}

function summaryOf(method: MethodInfo): string {
  const text = (method.summary ?? method.description ?? '').split('\n')[0]?.trim() ?? ''
  return method.deprecated ? `[deprecated] ${text}`.trim() : text
}

/** `Service/Method  kind  summary`, columns aligned. */
export function renderList(response: DiscoverResponse): string {
  const rows = response.services.flatMap((service) =>
    service.methods.map((method) => [
      `${serviceLabel(service, response.services)}/${method.name}`,
      kindOf(method),
      summaryOf(method),
    ]),
  )
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows
    .map((row) => `${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]!}`.trimEnd())
    .map((line) => `${line}\n`)
    .join('')
}

interface ListFlags extends TargetFlags {
  json?: boolean
}

export function listCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  return withTargetOptions(new Command('list'))
    .description('list the services and methods behind the --url addresses')
    .option('--json', 'print the full discovery result (services, methods, fields and every plugin attempt) as JSON')
    .addOption(discoveryTimeoutOption())
    .addHelpText(
      'after',
      `\nExamples:\n  $ wirebench list --url http://localhost:8080/openapi.json\n  $ wirebench list --url grpc@localhost:50051 --json\n${discoveryExitCodeHelp}`,
    )
    .action(
      callAction(async (flags: ListFlags) => {
        const timeoutMs = parseTimeout(flags.timeout)
        const session = await openSession(flags, io)
        try {
          const metadata = await session.auth.discoveryMetadata(session.urls)
          const response = await session.discover({
            metadata,
            ...(timeoutMs !== undefined ? { timeoutMs } : {}),
          })
          io.out(flags.json ? formatJson(response, io.isTTY) : renderList(response))
          setExitCode(0)
        } finally {
          await session.close()
        }
      }),
    )
}
