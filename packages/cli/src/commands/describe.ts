/** `wirebench describe`: a method's fields (type, source, required, description) and an example request. */
import { Command } from 'commander'
import { exampleFlavorOf, exampleMessage } from '@wirebench/core'
import type { FieldInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import type { PluginRegistry } from '@wirebench/server/engine'
import { findMethod, findServices, serviceLabel, splitAddress } from '../engine/find-method.js'
import { discoveryExitCodeHelp } from '../exit-codes.js'
import { CliFailure } from '../failure.js'
import { formatJson } from '../io.js'
import type { CliIo } from '../io.js'
import { callAction, discoveryTimeoutOption, openSession, parseTimeout, withTargetOptions } from './target-options.js'
import type { TargetFlags } from './target-options.js'

function typeOf(field: FieldInfo): string {
  const base = field.type === 'message' || field.type === 'enum' ? (field.messageType?.name ?? field.type) : field.type
  const named =
    field.type === 'enum' && field.enumValues ? `enum(${field.enumValues.map((v) => v.name).join('|')})` : base
  if (field.isMap) return `map<${field.mapKeyType ?? 'string'}, ${field.mapValueType ?? named}>`
  return field.isRepeated ? `${named}[]` : named
}

function fieldRows(fields: readonly FieldInfo[], prefix = '', depth = 0): string[][] {
  return fields.flatMap((field) => {
    const name = `${prefix}${field.name}`
    const description = [field.deprecated ? '[deprecated]' : '', field.description?.split('\n')[0] ?? '']
      .join(' ')
      .trim()
    const row = [name, typeOf(field), field.source ?? '', field.required ? 'required' : '', description]
    const nested =
      field.type === 'message' && field.messageType && !field.isMap && depth < 2
        ? fieldRows(field.messageType.fields, `${name}.`, depth + 1)
        : []
    return [row, ...nested]
  })
}

function table(rows: string[][]): string {
  if (rows.length === 0) return '  (no fields)\n'
  const columns = rows[0]!.length - 1
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows
    .map((row) => `  ${row.map((cell, i) => (i < columns ? cell.padEnd(widths[i]!) : cell)).join('  ')}`.trimEnd())
    .join('\n')
    .concat('\n')
}

/** The request body the UI's "Fill example" writes into the form: the document's examples, typed samples for the rest. */
export function exampleBody(service: ServiceInfo, method: MethodInfo): Record<string, unknown> {
  return exampleMessage(method.inputType.fields, { flavor: exampleFlavorOf(service.protocol) })
}

function renderMethod(service: ServiceInfo, method: MethodInfo, all: readonly ServiceInfo[]): string {
  const lines = [`${serviceLabel(service, all)}/${method.name}  (${service.protocol}, ${method.methodType})`]
  if (method.httpMethod) lines.push(`  ${method.httpMethod.toUpperCase()} ${method.httpPath ?? ''}`)
  if (method.deprecated) lines.push(`  Deprecated${method.deprecationReason ? `: ${method.deprecationReason}` : '.'}`)
  const about = method.summary ?? method.description
  if (about) lines.push(`  ${about.split('\n')[0]}`)
  lines.push('', `Request ${method.inputType.name || 'fields'}:`)
  return `${lines.join('\n')}\n${table(fieldRows(method.inputType.fields))}\nExample request (-d):\n  ${JSON.stringify(exampleBody(service, method))}\n`
}

/**
 * A method as `describe` prints it: with its messages, which discovery leaves out of a large listing (`deferred`: many
 * MCP tools, a very large OpenAPI document) and the plugin builds from its cache when asked.
 */
function withMessages(registry: PluginRegistry, service: ServiceInfo, method: MethodInfo): MethodInfo {
  if (method.deferred !== true || service.originUrl === undefined) return method
  return registry.get(service.protocol)?.describeMethod?.(service.originUrl, service.name, method.name) ?? method
}

interface DescribeFlags extends TargetFlags {
  json?: boolean
}

export function describeCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  return withTargetOptions(new Command('describe'))
    .description("show a method's request fields (type, source, required, description) and an example request")
    .argument('<Service[/Method]>', 'the method (or every method of a service), as wirebench list prints it')
    .option('--json', 'print the method (or service) description as JSON')
    .addOption(discoveryTimeoutOption())
    .addHelpText(
      'after',
      `\nExamples:\n  $ wirebench describe --url http://localhost:8080/openapi.json Bookshop/getBook\n${discoveryExitCodeHelp}`,
    )
    .action(
      callAction(async (address: string, flags: DescribeFlags) => {
        const timeoutMs = parseTimeout(flags.timeout)
        const session = await openSession(flags, io)
        try {
          const metadata = await session.auth.discoveryMetadata(session.urls)
          const { services } = await session.discover({
            metadata,
            ...(timeoutMs !== undefined ? { timeoutMs } : {}),
          })
          const { method: methodName } = splitAddress(address)
          if (methodName) {
            const listed = findMethod(services, address)
            const found = { ...listed, method: withMessages(session.engine.registry, listed.service, listed.method) }
            io.out(
              flags.json
                ? formatJson({ ...found, example: exampleBody(found.service, found.method) }, io.isTTY)
                : renderMethod(found.service, found.method, services),
            )
          } else {
            const matches = findServices(services, address).map((service) => ({
              ...service,
              methods: service.methods.map((method) => withMessages(session.engine.registry, service, method)),
            }))
            if (matches.length === 0)
              throw CliFailure.usage(`No service "${address}" was discovered.`, 'wirebench list shows what was.')
            if (flags.json) io.out(formatJson(matches, io.isTTY))
            else io.out(matches.flatMap((s) => s.methods.map((m) => renderMethod(s, m, services))).join('\n'))
          }
          setExitCode(0)
        } finally {
          await session.close()
        }
      }),
    )
}
