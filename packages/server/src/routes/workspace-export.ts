/**
 * `GET /api/workspaces/:id/export?format=postman`: the workspace's plain HTTP requests as a Postman v2.1 collection,
 * downloaded as a file. A read: nothing changes. The Postman SDK loads on the first export, not at start-up.
 */
import { WorkbenchError } from '@wirebench/core'
import type { WorkspaceService } from '@wirebench/workspace'
import type { FastifyInstance } from 'fastify'
import { workspaceIdParams } from './workspace-schemas.js'

export interface WorkspaceExportDeps {
  workspaces: WorkspaceService
}

export function registerWorkspaceExportRoutes(app: FastifyInstance, deps: WorkspaceExportDeps): void {
  app.get<{ Params: { id: string }; Querystring: { format?: string } }>(
    '/api/workspaces/:id/export',
    { schema: { params: workspaceIdParams } },
    async (request, reply) => {
      const format = request.query.format ?? 'postman'
      if (format !== 'postman') {
        throw new WorkbenchError('invalid_request', `A workspace cannot be exported as "${format}".`, {
          hint: 'Use ?format=postman (a Postman v2.1 collection).',
        })
      }
      const content = await deps.workspaces.content(request.params.id)
      const { toPostmanCollection } = await import('@wirebench/interchange')
      const file = `${content.name.replace(/[^A-Za-z0-9 ._-]+/g, '-') || 'workspace'}.postman_collection.json`
      void reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${file}"`)
      return toPostmanCollection(content)
    },
  )
}
