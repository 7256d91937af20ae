/**
 * Code export: the plugin that would send a call writes the snippet for it, from the same request it would put on
 * the wire, with secrets (and, when asked, every variable) written back as `${name}` references.
 */
import { unsupportedExportFormat } from '@wirebench/core'
import type { ExportReference, ExportRequest, ExportResponse, Logger, OutboundPolicy } from '@wirebench/core'
import { secretFieldsOf } from '@wirebench/auth'
import type { AuthConfig } from '@wirebench/auth'
import { withDeadline } from './deadline.js'
import type { Cancellation } from './deadline.js'
import type { EnvironmentStore } from './environment-store.js'
import { resolveCall } from './invoke.js'
import type { PluginRegistry } from './plugin-registry.js'

/**
 * Values the page did not list are written as references only from this length: replacing every `1` of a snippet
 * would make it unreadable. Values the page lists as secret are replaced whatever their length.
 */
const minGuessedLength = 4

export interface ExportServiceOptions {
  registry: PluginRegistry
  outboundPolicy: OutboundPolicy
  environments: EnvironmentStore
  /** A snippet is built from cached descriptors; only a plugin that must load one takes long. */
  timeoutMs?: number
}

export interface ExportInput {
  request: ExportRequest
  cancellation?: Cancellation
  logger: Logger
}

export interface ExportService {
  exportCall(input: ExportInput): Promise<ExportResponse>
}

export function createExportService(options: ExportServiceOptions): ExportService {
  return {
    async exportCall({ request, cancellation, logger }) {
      const { plugin, call } = resolveCall(request, request.messages, options)
      const supported = plugin.exportCall ? (plugin.exportFormats ?? []) : []
      if (!supported.includes(request.format)) throw unsupportedExportFormat(request.format, plugin.id, supported)
      const references = await referencesOf(request, options.environments)
      const deadline: Parameters<typeof withDeadline>[0] = { timeoutMs: options.timeoutMs ?? 15_000, logger }
      if (cancellation) deadline.cancellation = cancellation
      if (request.metadata) deadline.metadata = request.metadata
      return withDeadline(deadline, (ctx) => plugin.exportCall!(call, ctx, { format: request.format, references }))
    },
  }
}

/**
 * The values the snippet writes as references. Secrets: the variables the page marks secret and, whatever the page
 * sends, every secret auth field of the environment store (a literal token typed into the auth form) and every
 * variable of it the page did not name as non-secret — so a page that sends no list leaks nothing.
 */
async function referencesOf(request: ExportRequest, environments: EnvironmentStore): Promise<ExportReference[]> {
  const isResolved = request.resolveVariables !== false
  const references: ExportReference[] = []
  for (const variable of request.variables ?? []) {
    const isReferenced = variable.isSecret
      ? request.includeSecrets !== true
      : !isResolved && variable.isReferenced !== false && variable.value.length >= minGuessedLength
    if (isReferenced) {
      const reference: ExportReference = { name: variable.name, value: variable.value }
      // The page says the request uses it (`isReferenced: true`); plain referenced variables are long enough.
      if (variable.isReferenced === true) reference.isUsed = true
      references.push(reference)
    }
  }
  if (request.includeSecrets === true) return references
  const nonSecret = new Set((request.variables ?? []).filter((v) => !v.isSecret).map((v) => v.name))
  const { document } = await environments.load()
  for (const environment of document.environments) {
    for (const [name, value] of Object.entries(environment.vars)) {
      if (!nonSecret.has(name) && value.length >= minGuessedLength) references.push({ name, value })
    }
    const auth = environment.auth as AuthConfig & Record<string, unknown>
    for (const key of secretFieldsOf(auth)) {
      const value = auth[key]
      if (typeof value === 'string' && value.length >= minGuessedLength && !value.includes('${'))
        references.push({ name: key, value })
    }
  }
  return references
}
