/** Invocation: routes a call to its plugin with the discovered origin as target, under a deadline tied to the client. */
import { WorkbenchError } from '@wirebench/core'
import type {
  Call,
  InvokeRequest,
  InvokeResult,
  Logger,
  OutboundPolicy,
  ProtocolPlugin,
  ResponseValidator,
} from '@wirebench/core'
import { withDeadline } from './deadline.js'
import type { Cancellation, DeadlineOptions } from './deadline.js'
import type { PluginRegistry } from './plugin-registry.js'
import { checkPluginTarget } from './plugin-target.js'

export interface InvokeServiceOptions {
  registry: PluginRegistry
  defaultTimeoutMs: number
  maxTimeoutMs: number
  maxResponseBytes: number
  outboundPolicy: OutboundPolicy
  /** Validates large responses off the main thread; without it plugins validate every response inline. */
  validator?: ResponseValidator
}

export interface InvokeInput {
  request: InvokeRequest
  /** Fires when the HTTP client disconnects. */
  cancellation?: Cancellation
  logger: Logger
}

export interface InvokeService {
  invoke(input: InvokeInput): Promise<InvokeResult>
}

/** How a request names its call: the fields `/api/invoke` and the live `open` messages share. */
export type CallAddress = Pick<InvokeRequest, 'protocol' | 'url' | 'service' | 'method' | 'serverUrl'>

export interface ResolvedCall {
  plugin: ProtocolPlugin
  call: Call
}

/**
 * Finds the plugin and builds the Call: the origin may be written `protocol@url` as the URL list shows it, and a
 * `serverUrl` override must pass the outbound policy. Throws `no_plugin` or `blocked_target`.
 */
export function resolveCall(
  address: CallAddress,
  messages: unknown[],
  deps: { registry: PluginRegistry; outboundPolicy: OutboundPolicy },
): ResolvedCall {
  const plugin = deps.registry.require(address.protocol)
  const prefix = `${plugin.id}@`
  const target = address.url.startsWith(prefix) ? address.url.slice(prefix.length) : address.url
  if (address.serverUrl !== undefined) checkPluginTarget(address.serverUrl, plugin, deps.outboundPolicy)
  // Optional fields are set only when present (plugins may test `in`); no conditional spreads on the hot path.
  const call: Call = { target, service: address.service, method: address.method, messages }
  if (address.serverUrl !== undefined) call.serverUrl = address.serverUrl
  return { plugin, call }
}

function withoutSent(result: InvokeResult): InvokeResult {
  if (result.sent !== undefined) result.sent = undefined
  return result
}

export function createInvokeService(options: InvokeServiceOptions): InvokeService {
  const limits = { maxResponseBytes: options.maxResponseBytes }
  return {
    // Not `async`: `withDeadline` already settles with a WorkbenchError, and a wrapper would add a promise and its ticks
    // to every call.
    invoke({ request, cancellation, logger }) {
      let resolved: ResolvedCall
      try {
        resolved = resolveCall(request, request.messages, options)
      } catch (error) {
        return Promise.reject(WorkbenchError.from(error))
      }
      const { plugin, call } = resolved
      const timeoutMs = Math.min(request.timeoutMs ?? options.defaultTimeoutMs, options.maxTimeoutMs)
      const deadline: DeadlineOptions = { timeoutMs, logger, limits }
      if (cancellation) deadline.cancellation = cancellation
      if (request.metadata) deadline.metadata = request.metadata
      if (options.validator) deadline.validator = options.validator
      if (request.includeSent === true) return withDeadline(deadline, (ctx) => plugin.invoke(call, ctx))
      deadline.isSentOmitted = true
      // A plugin may build `sent` anyway; it is left out of the answer all the same (undefined keeps the result's shape).
      return withDeadline(deadline, (ctx) => plugin.invoke(call, ctx), withoutSent)
    },
  }
}
