/** What the route modules share: the services behind them and the resolved limits. */
import type { FastifyReply } from 'fastify'
import type { WorkbenchLimits } from '../options.js'
import type { Cancellation } from '../services/deadline.js'
import type { DiscoveryService } from '../services/discovery.js'
import type { HistoryRecorder } from '../services/history-recorder.js'
import type { InvokeService } from '../services/invoke.js'
import type { PluginRegistry } from '../services/plugin-registry.js'
import type { UploadService } from '../services/uploads.js'

export interface RouteDeps {
  registry: PluginRegistry
  discovery: DiscoveryService
  invoker: InvokeService
  uploads: UploadService
  limits: WorkbenchLimits
  /** Appends calls that carry a `history` template to their workspace's history. */
  recorder: HistoryRecorder
}

/**
 * Tells when the HTTP client goes away before its answer is written (the response closes unfinished). One `close`
 * listener serves every caller: a discovery hands the same cancellation to each of its attempts (plugins × URLs), and a
 * listener apiece would trip Node's MaxListenersExceededWarning from eleven on.
 */
export function clientGone(reply: FastifyReply): Cancellation {
  const raw = reply.raw
  const listeners = new Set<() => void>()
  let isListening = false
  const onClose = () => {
    if (raw.writableFinished) return
    for (const listener of [...listeners]) listener()
    listeners.clear()
  }
  return {
    onCancel(listener) {
      if (raw.destroyed && !raw.writableFinished) {
        listener()
        return () => undefined
      }
      listeners.add(listener)
      if (!isListening) {
        isListening = true
        raw.once('close', onClose)
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && isListening) {
          isListening = false
          raw.removeListener('close', onClose)
        }
      }
    },
  }
}
