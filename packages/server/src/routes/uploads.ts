/**
 * Schema uploads: `POST /api/openapi/upload?name=` (raw bytes), `POST /api/uploads` (a set of files as JSON, base64
 * content), `GET /api/uploads`, `DELETE /api/uploads/:name`.
 */
import type { UploadResponse, UploadSetRequest, UploadSetResponse, UploadsResponse } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import { decodeUploadSet, uploadSetBodyLimit } from '../services/upload-set.js'
import type { RouteDeps } from './deps.js'
import { uploadParamsSchema, uploadQuerySchema, uploadSetBodySchema } from './schemas.js'
import type { UploadQuery } from './schemas.js'

export function registerUploadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/uploads', (): UploadsResponse => deps.uploads.list())

  // Files that import each other go together: each is read with the others in view, and all are kept or none.
  app.post<{ Body: UploadSetRequest }>(
    '/api/uploads',
    { schema: { body: uploadSetBodySchema }, bodyLimit: uploadSetBodyLimit(deps.limits.uploadBytes) },
    async (request, reply): Promise<UploadSetResponse> => {
      const files = decodeUploadSet(request.body, deps.limits.uploadBytes)
      const result = await deps.uploads.addSet(files, pluginLogger(request.log))
      void reply.code(201)
      return result
    },
  )

  app.delete<{ Params: UploadQuery }>(
    '/api/uploads/:name',
    { schema: { params: uploadParamsSchema } },
    async (request, reply) => {
      await deps.uploads.remove(request.params.name)
      return reply.code(204).send()
    },
  )

  // The raw-bytes parser lives in its own context so JSON routes keep Fastify's JSON parser.
  void app.register(function rawUploadContext(raw: FastifyInstance, _opts: unknown, done: () => void) {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.limits.uploadBytes }, (_req, body, next) =>
      next(null, body),
    )
    raw.post<{ Querystring: UploadQuery }>(
      '/api/openapi/upload',
      { schema: { querystring: uploadQuerySchema }, bodyLimit: deps.limits.uploadBytes },
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
