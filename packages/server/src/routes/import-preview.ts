/**
 * `POST /api/import/preview`: reads a curl command, a Postman or Insomnia collection or a HAR file into the requests
 * it describes, saving nothing. Stateless; the parsers (curlconverter's tree-sitter grammar, the Postman SDK) load on
 * the first import, not at start-up.
 */
import type { ImportPreview, ImportRequest } from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from './deps.js'
import { importRequestSchema } from './schemas.js'

export function registerImportPreviewRoutes(app: FastifyInstance, deps: Pick<RouteDeps, 'limits'>): void {
  app.post<{ Body: ImportRequest }>(
    '/api/import/preview',
    // The body is never logged: an import may carry credentials (they come back apart, as `secrets`).
    { schema: { body: importRequestSchema }, bodyLimit: deps.limits.jsonBodyBytes },
    async (request): Promise<ImportPreview> => {
      const { previewImport } = await import('@wirebench/interchange')
      return previewImport(request.body)
    },
  )
}
