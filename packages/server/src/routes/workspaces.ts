/**
 * `{prefix}/api/workspaces…`: the known workspaces (list, create or open, rename, forget, activate) and each one's
 * saved requests and folders (content, save with a revision check, move, delete, folder settings, batch save). Thin:
 * the workspace service does the work; its errors name what was wrong and what to do.
 */
import { WorkbenchError } from '@wirebench/core'
import type {
  ActivateWorkspaceRequest,
  CreateWorkspaceRequest,
  ImportResult,
  MoveRequestBody,
  SaveFolderBody,
  SaveImportedRequestsBody,
  SaveRequestBody,
  UpdateWorkspaceRequest,
  WorkspaceContent,
  WorkspaceListResponse,
  WorkspaceSummary,
} from '@wirebench/core'
import { saveBatch } from '@wirebench/workspace'
import type { WorkspaceService } from '@wirebench/workspace'
import type { FastifyInstance } from 'fastify'
import {
  activateWorkspaceSchema,
  createWorkspaceSchema,
  moveSchema,
  saveBatchSchema,
  saveFolderSchema,
  saveRequestSchema,
  updateWorkspaceSchema,
  workspaceIdParams,
} from './workspace-schemas.js'

export interface WorkspaceRouteDeps {
  workspaces: WorkspaceService
  jsonBodyBytes: number
}

type IdParams = { id: string }
type PathParams = { id: string; '*': string }

const pathParams = {
  type: 'object',
  required: ['id'],
  properties: { ...workspaceIdParams.properties, '*': { type: 'string', maxLength: 1024 } },
} as const

function wildcardPath(params: PathParams): string {
  return params['*'].replace(/\/+$/, '')
}

export function registerWorkspaceRoutes(app: FastifyInstance, deps: WorkspaceRouteDeps): void {
  const { workspaces } = deps
  const bodyLimit = deps.jsonBodyBytes

  app.get('/api/workspaces', async (_request, reply): Promise<WorkspaceListResponse> => {
    void reply.header('cache-control', 'no-store')
    return workspaces.list()
  })

  app.post<{ Body: CreateWorkspaceRequest }>(
    '/api/workspaces',
    { schema: { body: createWorkspaceSchema }, bodyLimit },
    (request): Promise<WorkspaceSummary> => workspaces.create(request.body),
  )

  app.put<{ Body: ActivateWorkspaceRequest }>(
    '/api/workspaces/active',
    { schema: { body: activateWorkspaceSchema }, bodyLimit },
    async (request, reply) => {
      await workspaces.activate(request.body.id)
      return reply.code(204).send()
    },
  )

  app.get<{ Params: IdParams }>(
    '/api/workspaces/:id',
    { schema: { params: workspaceIdParams } },
    async (request, reply): Promise<WorkspaceContent> => {
      void reply.header('cache-control', 'no-store')
      return workspaces.content(request.params.id)
    },
  )

  app.patch<{ Params: IdParams; Body: UpdateWorkspaceRequest }>(
    '/api/workspaces/:id',
    { schema: { params: workspaceIdParams, body: updateWorkspaceSchema }, bodyLimit },
    (request) => workspaces.update(request.params.id, request.body),
  )

  app.delete<{ Params: IdParams; Querystring: { deleteFiles?: string } }>(
    '/api/workspaces/:id',
    { schema: { params: workspaceIdParams } },
    async (request, reply) => {
      const flag = request.query.deleteFiles
      if (flag !== undefined && flag !== 'true' && flag !== 'false') {
        throw new WorkbenchError('invalid_request', `deleteFiles must be "true" or "false" (got "${flag}").`)
      }
      await workspaces.forget(request.params.id, flag === 'true')
      return reply.code(204).send()
    },
  )

  app.put<{ Params: PathParams; Body: SaveRequestBody }>(
    '/api/workspaces/:id/requests/*',
    { schema: { params: pathParams, body: saveRequestSchema }, bodyLimit },
    async (request) => {
      const store = await workspaces.store(request.params.id)
      return store.saveRequest(wildcardPath(request.params), request.body.request, request.body.baseRevision)
    },
  )

  app.delete<{ Params: PathParams; Querystring: { baseRevision?: string } }>(
    '/api/workspaces/:id/requests/*',
    { schema: { params: pathParams } },
    async (request, reply) => {
      const store = await workspaces.store(request.params.id)
      await store.deleteRequest(wildcardPath(request.params), request.query.baseRevision)
      return reply.code(204).send()
    },
  )

  app.post<{ Params: IdParams; Body: SaveImportedRequestsBody }>(
    '/api/workspaces/:id/requests',
    { schema: { params: workspaceIdParams, body: saveBatchSchema }, bodyLimit },
    async (request): Promise<ImportResult> => saveBatch(await workspaces.store(request.params.id), request.body),
  )

  app.post<{ Params: IdParams; Body: MoveRequestBody }>(
    '/api/workspaces/:id/moves',
    { schema: { params: workspaceIdParams, body: moveSchema }, bodyLimit },
    async (request, reply) => {
      const store = await workspaces.store(request.params.id)
      await store.move(request.body.from, request.body.to)
      return reply.code(204).send()
    },
  )

  app.put<{ Params: PathParams; Body: SaveFolderBody }>(
    '/api/workspaces/:id/folders/*',
    { schema: { params: pathParams, body: saveFolderSchema }, bodyLimit },
    async (request, reply) => {
      const store = await workspaces.store(request.params.id)
      await store.saveFolder(wildcardPath(request.params), request.body.folder)
      return reply.code(204).send()
    },
  )
}
