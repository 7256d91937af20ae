/** `POST /api/invoke`: one unary call (or a client-streaming batch) through the plugin that discovered the service. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { InvokeResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import { disconnectSignal } from './deps.js'
import type { RouteDeps } from './deps.js'
import { InvokeBodySchema } from './schemas.js'

export function registerInvokeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/invoke',
    // The body is never logged: it carries request data and the metadata carries credentials.
    { schema: { body: InvokeBodySchema }, bodyLimit: deps.limits.jsonBodyBytes },
    (request, reply): Promise<InvokeResponse> =>
      deps.invoker.invoke({
        request: request.body,
        signal: disconnectSignal(reply),
        logger: pluginLogger(request.log),
      }),
  )
}
