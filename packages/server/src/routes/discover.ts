/** `POST /api/discover`: fan-out discovery over several URLs with per-URL, per-plugin attempts. */
import type { DiscoverResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import { clientGone } from './deps.js'
import type { RouteDeps } from './deps.js'
import { dropNullFields } from './null-fields.js'
import { discoverBodySchema } from './schemas.js'
import type { DiscoverBody } from './schemas.js'

export function registerDiscoverRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post<{ Body: DiscoverBody }>(
    '/api/discover',
    {
      schema: { body: discoverBodySchema(deps.limits.maxDiscoveryUrls) },
      bodyLimit: deps.limits.jsonBodyBytes,
      preValidation: dropNullFields,
    },
    (request, reply): Promise<DiscoverResponse> =>
      deps.discovery.discover({
        urls: request.body.urls,
        ...(request.body.metadata ? { metadata: request.body.metadata } : {}),
        cancellation: clientGone(reply),
        logger: pluginLogger(request.log),
      }),
  )
}
