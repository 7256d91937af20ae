/**
 * `POST /api/workspaces/:id/imports` (a curl command, Postman or Insomnia collection or HAR file saved into the
 * workspace) and `GET /api/workspaces/:id/export?format=postman` (its requests as a Postman v2.1 collection). The
 * parsers load on first use. Credentials an import found stay out of the workspace: the saved requests carry
 * `${name}` references and the report says to define those variables in an environment.
 */
import { WorkbenchError } from '@wirebench/core'
import type { ImportIntoWorkspaceRequest, ImportResult } from '@wirebench/core'
import { saveBatch } from '@wirebench/workspace'
import type { WorkspaceService } from '@wirebench/workspace'
import type { FastifyInstance } from 'fastify'
import { workspaceIdParams } from './workspace-schemas.js'

export interface WorkspaceInterchangeDeps {
  workspaces: WorkspaceService
  jsonBodyBytes: number
}

type IdParams = { id: string }

const importIntoSchema = {
  type: 'object',
  required: ['format', 'content'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['curl', 'postman', 'insomnia', 'har'] },
    content: { type: 'string' },
    folder: { type: 'string', maxLength: 1024 },
  },
} as const

export function registerWorkspaceInterchangeRoutes(app: FastifyInstance, deps: WorkspaceInterchangeDeps): void {
  app.post<{ Params: IdParams; Body: ImportIntoWorkspaceRequest }>(
    '/api/workspaces/:id/imports',
    // The body is never logged: an import may carry credentials.
    { schema: { params: workspaceIdParams, body: importIntoSchema }, bodyLimit: deps.jsonBodyBytes },
    async (request): Promise<ImportResult> => {
      const store = await deps.workspaces.store(request.params.id)
      const { previewImport } = await import('@wirebench/interchange')
      const { folder = '', ...source } = request.body
      const preview = await previewImport(source)
      const prefix = folder.replace(/^\/+|\/+$/g, '')
      const requests = preview.requests.map((item) => ({
        ...item,
        folder: [prefix, item.folder].filter((part) => part !== '').join('/'),
      }))
      const result = await saveBatch(store, { requests, vars: preview.vars })
      const credentials = Object.keys(preview.secrets ?? {}).map((name) => ({
        source: `variable ${name}`,
        message: `Holds a credential from the import; it was not saved in the workspace. Define ${name} in an environment.`,
      }))
      return { saved: result.saved, report: [...preview.report, ...result.report, ...credentials] }
    },
  )

  app.get<{ Params: IdParams; Querystring: { format?: string } }>(
    '/api/workspaces/:id/export',
    { schema: { params: workspaceIdParams } },
    async (request, reply) => {
      const format = request.query.format ?? 'postman'
      if (format !== 'postman') {
        throw new WorkbenchError('invalid_request', `Unknown export format "${format}".`, {
          hint: 'Use format=postman (a Postman v2.1 collection of the REST and plain HTTP requests).',
        })
      }
      const content = await deps.workspaces.content(request.params.id)
      const { toPostmanCollection } = await import('@wirebench/interchange')
      const fileName = `${content.name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'workspace'}.postman_collection.json`
      void reply.header('cache-control', 'no-store')
      void reply.header('content-disposition', `attachment; filename="${fileName}"`)
      return toPostmanCollection(content)
    },
  )
}
