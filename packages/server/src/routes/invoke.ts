/** `POST /api/invoke`: one unary call (or a client-streaming batch) through the plugin that discovered the service. */
import type { InvokeRequest, InvokeResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import { clientGone } from './deps.js'
import type { RouteDeps } from './deps.js'
import { dropNullFields } from './null-fields.js'
import { invokeBodySchema } from './schemas.js'

export function registerInvokeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post<{ Body: InvokeRequest }>(
    '/api/invoke',
    // The body is never logged: it carries request data and the metadata carries credentials.
    { schema: { body: invokeBodySchema }, bodyLimit: deps.limits.jsonBodyBytes, preValidation: dropNullFields },
    (request, reply): Promise<InvokeResponse> =>
      deps.recorder.unary(
        request.body.history,
        deps.invoker.invoke({
          request: request.body,
          cancellation: clientGone(reply),
          logger: pluginLogger(request.log),
        }),
      ),
  )
}
