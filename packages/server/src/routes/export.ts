/** `POST /api/export`: a code snippet for a call, written by the plugin that would send it. */
import type { ExportRequest, ExportResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import { clientGone } from './deps.js'
import type { RouteDeps } from './deps.js'
import { dropNullFields } from './null-fields.js'
import { exportBodySchema } from './schemas.js'

export function registerExportRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post<{ Body: ExportRequest }>(
    '/api/export',
    // The body is never logged: its metadata and variables carry credentials.
    { schema: { body: exportBodySchema }, bodyLimit: deps.limits.jsonBodyBytes, preValidation: dropNullFields },
    (request, reply): Promise<ExportResponse> =>
      deps.exporter.exportCall({
        request: request.body,
        cancellation: clientGone(reply),
        logger: pluginLogger(request.log),
      }),
  )
}
