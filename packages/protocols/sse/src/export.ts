/**
 * Code export of SSE subscriptions: the request `streamEvents` opens (method, body, headers, Last-Event-ID, the
 * reader's Accept), read as it arrives. Reconnection with Last-Event-ID is the workbench's reader's, not the snippet's.
 */
import type { Call, CallContext, ExportedSnippet, ExportOptions } from '@wirebench/core'
import { eventStreamHeaders } from '@wirebench/transport'
import { sseManifest } from './manifest.js'
import { prepareRequest } from './request.js'
import { sourceOptions } from './stream.js'
import type { ResolvedSseCall, SseCallDeps } from './stream.js'

export async function exportSubscription(
  call: Call,
  resolved: ResolvedSseCall,
  ctx: CallContext,
  deps: SseCallDeps,
  options: ExportOptions,
): Promise<ExportedSnippet> {
  const { exportHttpCall } = await import('@wirebench/transport/snippets')
  const notes = resolved.message.reconnect === true ? ['The snippet does not reconnect after a drop.'] : []
  return exportHttpCall({
    protocol: 'sse',
    call,
    ctx,
    options,
    formats: sseManifest.exportFormats ?? [],
    isStream: true,
    notes,
    prepare: () => {
      const request = prepareRequest(resolved.url, ctx, deps)
      // Only the request's parts are read: the dispatcher it leased goes back unused.
      void request.lease.release()
      const source = sourceOptions(resolved, request, ctx, deps)
      return {
        method: source.method ?? 'GET',
        url: source.url,
        headers: eventStreamHeaders(source.headers, source.lastEventId),
        body: source.body,
      }
    },
  })
}
