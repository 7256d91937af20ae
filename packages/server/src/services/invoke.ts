/** Invocation: routes a call to its plugin with the discovered origin as target, under a deadline tied to the client. */
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import type { Call, InvokeRequest, InvokeResult, Logger, OutboundPolicy } from '@wirebench/core'
import { withDeadline } from './deadline.js'
import type { Cancellation, DeadlineOptions } from './deadline.js'
import type { PluginRegistry } from './plugin-registry.js'

export interface InvokeServiceOptions {
  registry: PluginRegistry
  defaultTimeoutMs: number
  maxTimeoutMs: number
  maxResponseBytes: number
  outboundPolicy: OutboundPolicy
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

export function createInvokeService(options: InvokeServiceOptions): InvokeService {
  const limits = { maxResponseBytes: options.maxResponseBytes }
  return {
    async invoke({ request, cancellation, logger }) {
      const plugin = options.registry.require(request.protocol)
      // Accept the `protocol@url` spelling of the origin too, as the URL list shows it.
      const prefix = `${plugin.id}@`
      const target = request.url.startsWith(prefix) ? request.url.slice(prefix.length) : request.url
      if (request.serverUrl !== undefined) checkOutboundUrl(request.serverUrl, options.outboundPolicy)
      const timeoutMs = Math.min(request.timeoutMs ?? options.defaultTimeoutMs, options.maxTimeoutMs)
      // Optional fields are set only when present (plugins may test `in`); no conditional spreads on the hot path.
      const call: Call = { target, service: request.service, method: request.method, messages: request.messages }
      if (request.serverUrl !== undefined) call.serverUrl = request.serverUrl
      const deadline: DeadlineOptions = { timeoutMs, logger, limits }
      if (cancellation) deadline.cancellation = cancellation
      if (request.metadata) deadline.metadata = request.metadata
      try {
        return await withDeadline(deadline, (ctx) => plugin.invoke(call, ctx))
      } catch (error) {
        throw WorkbenchError.from(error)
      }
    },
  }
}
