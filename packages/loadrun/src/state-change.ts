/**
 * Whether a benchmark's method may change the server's data, and the refusal of such a run unless the user said yes.
 * One policy for the page, the API and the CLI: only a method known to be safe runs unasked — an HTTP GET, HEAD or
 * OPTIONS, a GraphQL query, an MCP tool the server marks read-only, an MCP resource or prompt, a gRPC method whose
 * descriptor says `idempotency_level = NO_SIDE_EFFECTS`. Everything else (other HTTP methods, mutations, unmarked or
 * destructive tools, other gRPC methods, SignalR and other methods that carry no safety information) would be
 * repeated hundreds of times, so it needs an explicit confirmation.
 */
import { WorkbenchError } from '@wirebench/core'
import type { MethodInfo } from '@wirebench/core'
import type { RunSettings } from './types.js'

export interface StateChangeInput {
  protocol: string
  service: string
  method: string
  messages: readonly unknown[]
  /** The discovered method, when the caller holds it (its HTTP method, its MCP annotations). */
  info?: MethodInfo | undefined
  /** How the protocol is named to a person (a sidecar's display name); built-in protocols have their own. */
  protocolName?: string | undefined
}

/** A method a benchmark may not repeat unasked: how to name it, and why it is not known to be safe. */
export interface StateChange {
  /** `POST /pets`, `Mutation.createPet`, `MCP tool delete_all`, `wbtest.v1.Lab/Echo`. */
  label: string
  reason: string
}

const safeHttpMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** `undefined` when the method is known to be safe; else what it is and why it may change state. */
export function stateChangeOf(input: StateChangeInput): StateChange | undefined {
  const { protocol, service, method, info } = input
  const named = `${service}/${method}`
  if (info?.httpMethod !== undefined) {
    // An SSE call's message may open the stream with POST where the discovered method says GET.
    const verb = protocol === 'sse' ? httpVerbOf(input.messages[0], info.httpMethod) : info.httpMethod.toUpperCase()
    if (safeHttpMethods.has(verb)) return undefined
    return { label: `${verb} ${info.httpPath ?? named}`, reason: `HTTP ${verb} is not a safe method` }
  }
  if (protocol === 'http') {
    const verb = httpVerbOf(input.messages[0])
    if (safeHttpMethods.has(verb)) return undefined
    return { label: `${verb} ${named}`, reason: `HTTP ${verb} is not a safe method` }
  }
  if (protocol === 'sse') {
    // Without the discovered method (the SSE plugin does not describe one to the server), the stream's default verb
    // may be POST: only a message that asks for GET is known to be safe.
    const verb = httpVerbOf(input.messages[0], '')
    if (verb === 'GET') return undefined
    return verb === ''
      ? { label: `SSE ${named}`, reason: 'the stream may be opened with POST, which is not a safe method' }
      : { label: `${verb} ${named}`, reason: `HTTP ${verb} is not a safe method` }
  }
  if (protocol === 'graphql') {
    if (/mutation/i.test(service) || isMutationDocument(input.messages[0])) {
      return { label: `${service}.${method}`, reason: 'a GraphQL mutation changes data by definition' }
    }
    return undefined
  }
  const mcp = info?.mcp
  if (mcp) {
    if (mcp.kind === 'resource' || mcp.kind === 'resourceTemplate' || mcp.kind === 'prompt') return undefined
    if (mcp.kind === 'tool') {
      const hints = mcp.annotations
      if (hints?.readOnlyHint === true) return undefined
      const reason =
        hints?.destructiveHint === true
          ? 'the server marks this tool destructive: it may delete or overwrite data'
          : 'the server does not mark this tool read-only'
      return { label: `MCP tool ${method}`, reason }
    }
  }
  // Only "no side effects" is safe: an idempotent method may still change data (once).
  if (info?.idempotency === 'NO_SIDE_EFFECTS') return undefined
  return {
    label: named,
    reason: `${protocolNames[protocol] ?? input.protocolName ?? protocol} methods say nothing about whether they change data`,
  }
}

/** How the refusal names a built-in protocol (a sidecar's display name comes with the input). */
const protocolNames: Record<string, string> = {
  grpc: 'gRPC',
  grpcweb: 'gRPC-Web',
  connect: 'Connect',
  signalr: 'SignalR',
  websocket: 'WebSocket',
  sse: 'SSE',
  mcp: 'MCP',
}

/** How many calls the settings make, said for a person (`1,100 calls`, `as many calls as 8 callers make in 10 s`). */
export function callCountText(settings: RunSettings): string {
  const warmup = settings.warmup ?? 0
  const format = (n: number): string => `${n.toLocaleString('en-US')} calls`
  if (settings.mode === 'open') return format(Math.ceil(settings.rate * settings.durationS) + warmup)
  if (settings.calls !== undefined) return format(settings.calls + warmup)
  const callers = settings.concurrency === 1 ? '1 caller makes' : `${settings.concurrency} callers make`
  return `as many calls as ${callers} in ${settings.durationS ?? 0} s`
}

/**
 * The refusal of a run of a state-changing method: names the method, why, and the count of calls; `details.stateChange`
 * lets a page ask and start again with the consent. `howToAllow` is the caller's way to say yes (a flag, a field).
 */
export function stateChangeRefusal(change: StateChange, settings: RunSettings, howToAllow: string): WorkbenchError {
  const calls = callCountText(settings)
  return new WorkbenchError(
    'forbidden',
    `${change.label} may change the server's data (${change.reason}), and this benchmark would send it ${calls}.`,
    {
      hint: `${howToAllow} if the server's data may change; otherwise benchmark a read-only method.`,
      details: { stateChange: { method: change.label, reason: change.reason, calls } },
    },
  )
}

/** The verb a message asks for (`fallback` when it names none, as the plugins do: absent, null or empty). */
function httpVerbOf(message: unknown, fallback = 'GET'): string {
  if (typeof message === 'object' && message !== null && 'method' in message) {
    const { method } = message as { method?: unknown }
    if (typeof method === 'string' && method !== '') return method.toUpperCase()
  }
  return fallback.toUpperCase()
}

/** A GraphQL document with a `mutation` operation (strings and comments left out, so a word in them does not count). */
function isMutationDocument(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || !('query' in message)) return false
  const { query } = message as { query?: unknown }
  if (typeof query !== 'string') return false
  const code = query.replace(/"""[\s\S]*?"""|"(?:[^"\\]|\\.)*"|#[^\n]*/g, ' ')
  return /(^|[^\w$])mutation\b/.test(code)
}
