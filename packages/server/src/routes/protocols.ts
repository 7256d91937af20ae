/** `GET /api/protocols`: the registered plugins, their settings, upload extensions and call kinds. */
import type { ProtocolsResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from './deps.js'

export function registerProtocolRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/protocols', (): ProtocolsResponse => ({ protocols: deps.registry.summaries() }))
}
