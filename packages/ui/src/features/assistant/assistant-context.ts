/**
 * What the assistant tells a model about the page: the discovered services and methods (names, fields, types,
 * descriptions), the selected method with its current request, and the last response, all redacted here first.
 */
import { secretFieldsOf } from '@wirebench/auth'
import type { AiChatContext, FieldInfo, MessageInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import { buildCatalog, type Catalog, type MethodRef } from '../../state/catalog.js'
import { emptyDraft, headersToMetadata } from '../../state/drafts-store.js'
import { activeEnvironment } from '../../state/environments-store.js'
import { activeUrls } from '../../state/urls-store.js'
import type { Workbench } from '../../state/workbench.js'
import { secretMarksOf } from '../environments/secret-marks.js'
import { autoSecretVariables } from '../environments/variable-rules.js'
import { secretValuesOf } from '../response/secret-values.js'
import { redactForModel } from './redact-context.js'

/** A response body past this is cut for the prompt: a model needs its shape, not every byte. */
const MAX_BODY_CHARS = 8_000
/** Nested messages past this depth are named, not expanded. */
const MAX_FIELD_DEPTH = 3

export function catalogOf(workbench: Workbench): Catalog {
  const byUrl = workbench.discovery.getState().byUrl
  const discovered = activeUrls(workbench.urls.getState()).map((url) => ({ url, services: byUrl[url]?.services ?? [] }))
  return buildCatalog({ discovered, uploaded: workbench.uploads.getState().services })
}

/** The names of the active environment's secret variables (marked, named like a secret, or used by secret auth). */
export function pageSecretNames(workbench: Workbench): Set<string> {
  const environment = activeEnvironment(workbench.environments.getState())
  if (!environment) return new Set()
  const { auth, vars } = environment
  const names = autoSecretVariables(auth, secretFieldsOf(auth), vars)
  for (const name of secretMarksOf(environment.id)) names.add(name)
  return names
}

/** The active environment's secret values, each spelling, longest first. */
export function pageSecrets(workbench: Workbench): string[] {
  const environment = activeEnvironment(workbench.environments.getState())
  return secretValuesOf(environment, environment ? secretMarksOf(environment.id) : [])
}

interface FieldSummary {
  name: string
  type: string
  required?: boolean
  repeated?: boolean
  description?: string
  enum?: string[]
  fields?: FieldSummary[]
}

function fieldsOf(message: MessageInfo, depth: number): FieldSummary[] {
  return message.fields.map((field: FieldInfo) => {
    const summary: FieldSummary = { name: field.name, type: field.messageType?.fullName ?? field.type }
    if (field.required) summary.required = true
    if (field.isRepeated) summary.repeated = true
    if (field.description) summary.description = field.description
    if (field.enumValues) summary.enum = field.enumValues.map((value) => value.name)
    if (field.messageType && depth < MAX_FIELD_DEPTH) summary.fields = fieldsOf(field.messageType, depth + 1)
    return summary
  })
}

export function describeMethod(service: ServiceInfo, method: MethodInfo): Record<string, unknown> {
  const described: Record<string, unknown> = {
    service: service.name,
    method: method.name,
    protocol: service.protocol,
    kind: method.methodType,
    input: fieldsOf(method.inputType, 0),
    output: method.outputType.fullName,
  }
  if (method.httpMethod) described.http = `${method.httpMethod} ${method.httpPath ?? ''}`.trim()
  if (method.summary) described.summary = method.summary
  if (method.description) described.description = method.description
  if (method.deprecated) described.deprecated = method.deprecationReason ?? true
  return described
}

/** Services as `list_services` answers and the context carries them: names, method names and summaries. */
export function listServices(catalog: Catalog, filter?: string): Record<string, unknown>[] {
  const needle = filter?.trim().toLowerCase()
  const out: Record<string, unknown>[] = []
  for (const group of catalog.groups) {
    for (const service of group.services) {
      const methods = service.methods
        .filter((m) => !needle || `${service.name}.${m.name}`.toLowerCase().includes(needle))
        .map((m) => (m.summary ? { name: m.name, summary: m.summary } : { name: m.name }))
      if (methods.length) out.push({ url: group.origin, service: service.name, protocol: service.protocol, methods })
    }
  }
  return out
}

export function selectedMethod(workbench: Workbench, catalog: Catalog): MethodRef | undefined {
  const key = workbench.selection.getState().selectedKey
  return key ? catalog.byKey.get(key) : undefined
}

function clip(value: unknown): unknown {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  if (text === undefined || text.length <= MAX_BODY_CHARS) return value
  return `${text.slice(0, MAX_BODY_CHARS)}… (cut: ${text.length} characters in all)`
}

/** The last response of a method, as a model may read it (it is the target's data, never instructions). */
export function lastResponse(workbench: Workbench, key: string): Record<string, unknown> | undefined {
  const record = workbench.calls.getState().calls[key]
  if (record?.error) return { error: record.error.problem.title, detail: record.error.problem.detail }
  const result = record?.result
  if (!result) return undefined
  const response: Record<string, unknown> = { status: result.status, body: clip(result.response) }
  if (result.metadata.http_status) response.httpStatus = result.metadata.http_status
  if (result.statusMessage) response.statusMessage = result.statusMessage
  response.headers = result.metadata
  return response
}

export function buildContext(workbench: Workbench): AiChatContext {
  const catalog = catalogOf(workbench)
  const context: AiChatContext = { services: listServices(catalog) }
  const ref = selectedMethod(workbench, catalog)
  if (ref) {
    context.selected = {
      protocol: ref.service.protocol,
      url: ref.origin,
      service: ref.service.name,
      method: ref.method.name,
    }
    const draft = workbench.drafts.getState().drafts[ref.key] ?? emptyDraft
    context.request = {
      method: describeMethod(ref.service, ref.method),
      message: draft.value,
      metadata: headersToMetadata(draft.headers),
    }
    const response = lastResponse(workbench, ref.key)
    if (response) context.response = response
  }
  return redactForModel(context, pageSecrets(workbench)) as AiChatContext
}
