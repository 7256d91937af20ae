/** Schema uploads: `POST /api/openapi/upload?name=` (raw bytes), `GET /api/uploads`, `DELETE /api/uploads/:name`. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { UploadResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import type { UploadsListing } from '../services/uploads.js'
import type { RouteDeps } from './deps.js'
import { UploadParamsSchema, UploadQuerySchema } from './schemas.js'

export function registerUploadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()

  typed.get('/api/uploads', (): UploadsListing => deps.uploads.list())

  typed.delete('/api/uploads/:name', { schema: { params: UploadParamsSchema } }, async (request, reply) => {
    await deps.uploads.remove(request.params.name)
    return reply.code(204).send()
  })

  // The raw-bytes parser lives in its own context so JSON routes keep Fastify's JSON parser.
  void app.register(function rawUploadContext(raw: FastifyInstance, _opts: unknown, done: () => void) {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.limits.uploadBytes }, (_req, body, next) =>
      next(null, body),
    )
    raw
      .withTypeProvider<TypeBoxTypeProvider>()
      .post(
        '/api/openapi/upload',
        { schema: { querystring: UploadQuerySchema }, bodyLimit: deps.limits.uploadBytes },
        async (request, reply): Promise<UploadResponse> => {
          const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
          const result = await deps.uploads.add(request.query.name, content, pluginLogger(request.log))
          void reply.code(201)
          return result
        },
      )
    done()
  })
}
