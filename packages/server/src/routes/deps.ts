/** What the route modules share: the services behind them and the resolved limits. */
import type { FastifyReply } from 'fastify'
import type { WorkbenchLimits } from '../options.js'
import type { Cancellation } from '../services/deadline.js'
import type { DiscoveryService } from '../services/discovery.js'
import type { InvokeService } from '../services/invoke.js'
import type { PluginRegistry } from '../services/plugin-registry.js'
import type { UploadService } from '../services/uploads.js'

export interface RouteDeps {
  registry: PluginRegistry
  discovery: DiscoveryService
  invoker: InvokeService
  uploads: UploadService
  limits: WorkbenchLimits
}

/** Tells when the HTTP client goes away before its answer is written (the response closes unfinished). */
export function clientGone(reply: FastifyReply): Cancellation {
  return {
    onCancel(listener) {
      const raw = reply.raw
      if (raw.destroyed && !raw.writableFinished) {
        listener()
        return () => undefined
      }
      const onClose = () => {
        if (!raw.writableFinished) listener()
      }
      raw.once('close', onClose)
      return () => raw.removeListener('close', onClose)
    },
  }
}
