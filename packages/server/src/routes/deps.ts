/** What the route modules share: the services behind them and the resolved limits. */
import type { FastifyReply } from 'fastify'
import type { WorkbenchLimits } from '../options.js'
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

/** A signal that fires when the HTTP client goes away before its answer is written. */
export function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}
