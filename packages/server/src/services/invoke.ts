/** Invocation: routes a call to its plugin with the discovered origin as target, under a deadline tied to the client. */
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import type { InvokeRequest, InvokeResult, Logger, OutboundPolicy } from '@wirebench/core'
import { withDeadline } from './deadline.js'
import type { Cancellation } from './deadline.js'
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
  return {
    async invoke({ request, cancellation, logger }) {
      const plugin = options.registry.require(request.protocol)
      // Accept the `protocol@url` spelling of the origin too, as the URL list shows it.
      const prefix = `${plugin.id}@`
      const target = request.url.startsWith(prefix) ? request.url.slice(prefix.length) : request.url
      if (request.serverUrl !== undefined) checkOutboundUrl(request.serverUrl, options.outboundPolicy)
      const timeoutMs = Math.min(request.timeoutMs ?? options.defaultTimeoutMs, options.maxTimeoutMs)
      const call = {
        target,
        service: request.service,
        method: request.method,
        messages: request.messages,
        ...(request.serverUrl === undefined ? {} : { serverUrl: request.serverUrl }),
      }
      try {
        return await withDeadline(
          {
            timeoutMs,
            logger,
            limits: { maxResponseBytes: options.maxResponseBytes },
            ...(cancellation ? { cancellation } : {}),
            ...(request.metadata ? { metadata: request.metadata } : {}),
          },
          (ctx) => plugin.invoke(call, ctx),
        )
      } catch (error) {
        throw WorkbenchError.from(error)
      }
    },
  }
}
