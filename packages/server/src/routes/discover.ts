/** `POST /api/discover`: fan-out discovery over several URLs with per-URL, per-plugin attempts. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { DiscoverResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import { disconnectSignal } from './deps.js'
import type { RouteDeps } from './deps.js'
import { discoverBodySchema } from './schemas.js'

export function registerDiscoverRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/api/discover',
      { schema: { body: discoverBodySchema(deps.limits.maxDiscoveryUrls) }, bodyLimit: deps.limits.jsonBodyBytes },
      (request, reply): Promise<DiscoverResponse> =>
        deps.discovery.discover({
          urls: request.body.urls,
          ...(request.body.metadata ? { metadata: request.body.metadata } : {}),
          signal: disconnectSignal(reply),
          logger: pluginLogger(request.log),
        }),
    )
}
