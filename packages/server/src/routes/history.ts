/** `{prefix}/api/workspaces/:id/history`: a page of a workspace's call history (newest first, searchable) and clearing it. */
import type { HistoryPage } from '@wirebench/core'
import type { WorkspaceService } from '@wirebench/workspace'
import type { FastifyInstance } from 'fastify'
import { historyQuerySchema, workspaceIdParams } from './workspace-schemas.js'

export interface HistoryRouteDeps {
  workspaces: WorkspaceService
}

type IdParams = { id: string }
type HistoryQueryString = { q?: string; limit?: string; before?: string }

export function registerHistoryRoutes(app: FastifyInstance, deps: HistoryRouteDeps): void {
  app.get<{ Params: IdParams; Querystring: HistoryQueryString }>(
    '/api/workspaces/:id/history',
    { schema: { params: workspaceIdParams, querystring: historyQuerySchema } },
    async (request, reply): Promise<HistoryPage> => {
      // Entries may hold response bodies: never cached by the browser.
      void reply.header('cache-control', 'no-store')
      const history = await deps.workspaces.history(request.params.id)
      const { q, limit, before } = request.query
      return history.page({
        ...(q !== undefined ? { q } : {}),
        ...(limit !== undefined ? { limit: Number(limit) } : {}),
        ...(before !== undefined ? { before } : {}),
      })
    },
  )

  app.delete<{ Params: IdParams }>(
    '/api/workspaces/:id/history',
    { schema: { params: workspaceIdParams } },
    async (request, reply) => {
      const history = await deps.workspaces.history(request.params.id)
      await history.clear()
      return reply.code(204).send()
    },
  )
}
