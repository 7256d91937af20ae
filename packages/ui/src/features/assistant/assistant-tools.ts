/**
 * Carries out the tools a model asked for, in the page: reading the catalog, opening a method, filling its form,
 * explaining the last response, and `invoke` — refused while the user has not enabled it for the session, and even
 * then sent only after the user confirmed the exact request. What came from a target (a response) goes back to the
 * model wrapped as untrusted data.
 */
import { referencedVariables, type AiToolCall } from '@wirebench/core'
import type { MethodRef } from '../../state/catalog.js'
import { newHeaderRow, type HeaderRow } from '../../state/drafts-store.js'
import { activeEnvironment } from '../../state/environments-store.js'
import { buildInvokeRequest } from '../../state/useCall.js'
import { splitWirePin, withWire } from '../../protocols/grpc/wire-pin.js'
import type { Workbench } from '../../state/workbench.js'
import {
  catalogOf,
  describeMethod,
  lastResponse,
  listServices,
  pageSecretNames,
  pageSecrets,
  selectedMethod,
} from './assistant-context.js'
import { maskHeaders, redactForModel } from './redact-context.js'
import { wrapUntrusted } from './untrusted.js'

/** The exact request the user confirms before an `invoke` sends anything (secrets masked). */
export interface InvokePreview {
  protocol: string
  url: string
  method: string
  http?: string
  body: string
  headers: Record<string, string>
  /** What the environment adds as the request leaves; the body and headers above show `${name}`s unresolved. */
  environment?: InvokeEnvironmentUse
}

export interface InvokeEnvironmentUse {
  /** The active environment's name. */
  name: string
  /** Secret variables the request names: their real values are sent. */
  secretVariables: string[]
  /** Other variables the request names. */
  variables: string[]
  /** The environment's auth type when it has one (added for a host the environment approved). */
  auth?: string
}

export interface ToolEnvironment {
  workbench: Workbench
  isInvokeEnabled: () => boolean
  /** Shows the confirmation and resolves with the user's answer. */
  confirmInvoke: (preview: InvokePreview) => Promise<boolean>
}

export interface ToolOutcome {
  /** The tool message's content for the model. */
  content: string
  /** A line for the conversation shown to the user. */
  activity: string
}

function findMethod(workbench: Workbench, ref: { service?: unknown; method?: unknown; url?: unknown }): MethodRef {
  const service = typeof ref.service === 'string' ? ref.service.toLowerCase() : ''
  const method = typeof ref.method === 'string' ? ref.method.toLowerCase() : ''
  const url = typeof ref.url === 'string' ? ref.url : undefined
  const matches = [...catalogOf(workbench).byKey.values()].filter((candidate) => {
    const names = [candidate.service.name, `${candidate.service.package}.${candidate.service.name}`]
    return (
      names.some((name) => name.toLowerCase() === service) &&
      candidate.method.name.toLowerCase() === method &&
      (url === undefined || candidate.origin === url)
    )
  })
  const found = matches[0]
  if (!found) throw new Error(`No discovered method ${String(ref.service)}.${String(ref.method)}: call list_services.`)
  return found
}

function messageOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function metadataOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, item] of Object.entries(messageOf(value))) if (typeof item === 'string') out[name] = item
  return out
}

function open(workbench: Workbench, ref: MethodRef): void {
  workbench.selection.getState().select(ref.key)
}

/**
 * The user's header rows with the model's set: a row of the same name (any case) takes the model's value, the others
 * stay as the user left them, and new names are added at the end.
 */
export function mergeHeaderRows(rows: readonly HeaderRow[], headers: Readonly<Record<string, string>>): HeaderRow[] {
  const pending = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), { name, value }]))
  const merged = rows.map((row) => {
    const set = pending.get(row.name.trim().toLowerCase())
    if (!set) return row
    pending.delete(row.name.trim().toLowerCase())
    return { ...row, value: set.value, isEnabled: true }
  })
  return [...merged, ...[...pending.values()].map(({ name, value }) => newHeaderRow(name, value))]
}

/**
 * Fills the method's form: the user sees the values in it (the draft is what the form shows). `fill_request` keeps
 * the user's other header rows; an `invoke` replaces them, so the form shows exactly the headers it sent.
 */
function fill(
  workbench: Workbench,
  ref: MethodRef,
  request: { message: unknown; metadata: unknown; isSent?: boolean },
): void {
  open(workbench, ref)
  const drafts = workbench.drafts.getState()
  if (request.message !== undefined) drafts.setValue(ref.key, messageOf(request.message))
  const headers = metadataOf(request.metadata)
  if (!Object.keys(headers).length) return
  const rows = drafts.drafts[ref.key]?.headers ?? []
  drafts.setHeaders(
    ref.key,
    request.isSent
      ? Object.entries(headers).map(([name, value]) => newHeaderRow(name, value))
      : mergeHeaderRows(rows, headers),
  )
}

const nameOf = (ref: MethodRef) => `${ref.service.name}.${ref.method.name}`

/**
 * The environment behind a request the model wrote: a `${name}` it names is resolved when the call leaves, so the
 * confirmation must say which of them are secrets (a prompt-injected model may place one where the target stores or
 * echoes it), and whether the environment's auth goes along.
 */
function environmentUse(
  workbench: Workbench,
  body: unknown,
  headers: Record<string, string>,
): InvokeEnvironmentUse | undefined {
  const environment = activeEnvironment(workbench.environments.getState())
  if (!environment) return undefined
  const named = new Set(referencedVariables(JSON.stringify([body, headers]) ?? ''))
  const secretNames = pageSecretNames(workbench)
  const use: InvokeEnvironmentUse = {
    name: environment.name,
    secretVariables: [...named].filter((name) => secretNames.has(name)),
    variables: [...named].filter((name) => !secretNames.has(name)),
  }
  if (environment.auth.type !== 'none') use.auth = environment.auth.type
  return use.secretVariables.length || use.variables.length || use.auth ? use : undefined
}

/**
 * The method and server as its pane would send it: the Server field the user set for its origin (for an uploaded
 * gRPC service, a wire pinned there as well), so a model's call goes where the user's own Send would.
 */
function asThePaneSends(workbench: Workbench, ref: MethodRef): { target: MethodRef; serverUrl?: string } {
  const field = workbench.prefs.getState().serverUrls[ref.origin]
  if (field === undefined) return { target: ref }
  switch (ref.service.protocol) {
    case 'rest':
      return { target: ref, serverUrl: field }
    case 'grpc':
    case 'grpcweb':
    case 'connect': {
      const { wire, serverUrl } = splitWirePin(field)
      return serverUrl === undefined ? { target: withWire(ref, wire) } : { target: withWire(ref, wire), serverUrl }
    }
    default:
      return { target: ref }
  }
}

/** How the model named the method, for a line shown before the catalog was searched. */
function namedIn(args: { service?: unknown; method?: unknown }): string {
  const part = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '?')
  return `${part(args.service)}.${part(args.method)}`
}

/** An `invoke` while the user has not enabled it: nothing is sent, and both the user and the model are told. */
export function refusedInvoke(call: Extract<AiToolCall, { name: 'invoke' }>): ToolOutcome {
  return {
    content:
      'Refused: the user has not enabled sending requests for this session, so nothing was sent. ' +
      'Use fill_request to put the request in the form; the user can send it, or turn sending on and ask again.',
    activity:
      `Refused to send ${namedIn(call.arguments)}: sending requests is off, nothing was sent. ` +
      'Turn on “Let the assistant send requests” to allow it (you confirm each one).',
  }
}

/**
 * A streaming method is not sent for the model: a stream has no one answer to hand back, and it runs until someone
 * stops it. The request goes into the form instead, and the user starts the stream there.
 */
function refusedStream(
  workbench: Workbench,
  ref: MethodRef,
  call: Extract<AiToolCall, { name: 'invoke' }>,
): ToolOutcome {
  const kind = ref.method.clientStreaming ? 'a streaming method (the client sends a stream)' : 'a streaming method'
  fill(workbench, ref, { message: call.arguments.message, metadata: call.arguments.metadata })
  return {
    content:
      `Not sent: ${nameOf(ref)} is ${kind}, and invoke sends unary calls only. Its request form is open and ` +
      'filled with your arguments; tell the user to start the stream there (Send) and to ask you about what arrives.',
    activity:
      `Did not send ${nameOf(ref)}: it is ${kind}, which the assistant cannot run. ` +
      'Its form is open and filled: press Send to start the stream yourself.',
  }
}

async function invoke(env: ToolEnvironment, call: Extract<AiToolCall, { name: 'invoke' }>): Promise<ToolOutcome> {
  if (!env.isInvokeEnabled()) return refusedInvoke(call)
  const { workbench } = env
  const ref = findMethod(workbench, call.arguments)
  if (ref.method.clientStreaming || ref.method.serverStreaming) return refusedStream(workbench, ref, call)
  const secrets = pageSecrets(workbench)
  const body = call.arguments.message ?? {}
  const headers = metadataOf(call.arguments.metadata)
  const { target, serverUrl } = asThePaneSends(workbench, ref)
  const preview: InvokePreview = {
    protocol: target.service.protocol,
    url: serverUrl || ref.method.baseUrl || ref.service.baseUrl || ref.origin,
    method: nameOf(ref),
    body: JSON.stringify(redactForModel(body, secrets), null, 2),
    headers: maskHeaders(headers, secrets),
  }
  if (ref.method.httpMethod) preview.http = `${ref.method.httpMethod} ${ref.method.httpPath ?? ''}`.trim()
  const environment = environmentUse(workbench, body, headers)
  if (environment) preview.environment = environment
  if (!(await env.confirmInvoke(preview))) {
    return { content: 'The user declined the request. Nothing was sent.', activity: `Declined: ${nameOf(ref)}` }
  }
  fill(workbench, ref, { message: body, metadata: headers, isSent: true })
  const metadata = Object.keys(headers).length ? headers : undefined
  const request = buildInvokeRequest(target, messageOf(body), metadata, serverUrl || undefined)
  await workbench.calls.getState().send(ref.key, request)
  const response = lastResponse(workbench, ref.key)
  return {
    content: wrapUntrusted(`response of ${nameOf(ref)}`, redactForModel(response, pageSecrets(workbench))),
    activity: `Sent ${nameOf(ref)} (confirmed)`,
  }
}

export async function runTool(env: ToolEnvironment, call: AiToolCall): Promise<ToolOutcome> {
  const { workbench } = env
  switch (call.name) {
    case 'list_services': {
      const services = listServices(catalogOf(workbench), call.arguments.filter)
      return { content: JSON.stringify(services), activity: 'Listed the services' }
    }
    case 'describe_method': {
      const ref = findMethod(workbench, call.arguments)
      const described = redactForModel(describeMethod(ref.service, ref.method), pageSecrets(workbench))
      return { content: JSON.stringify(described), activity: `Read ${nameOf(ref)}` }
    }
    case 'open_method': {
      const ref = findMethod(workbench, call.arguments)
      open(workbench, ref)
      return { content: `Opened ${nameOf(ref)}.`, activity: `Opened ${nameOf(ref)}` }
    }
    case 'fill_request': {
      const ref = findMethod(workbench, call.arguments)
      fill(workbench, ref, { message: call.arguments.message, metadata: call.arguments.metadata })
      return {
        content: `Filled the request form of ${nameOf(ref)}; the user reviews it and sends it.`,
        activity: `Filled ${nameOf(ref)}`,
      }
    }
    case 'explain_response': {
      const ref = selectedMethod(workbench, catalogOf(workbench))
      const response = ref ? lastResponse(workbench, ref.key) : undefined
      if (!ref || !response) return { content: 'There is no response yet.', activity: 'No response to explain' }
      return {
        content: wrapUntrusted(`response of ${nameOf(ref)}`, redactForModel(response, pageSecrets(workbench))),
        activity: `Read the response of ${nameOf(ref)}`,
      }
    }
    case 'invoke':
      return invoke(env, call)
  }
}
