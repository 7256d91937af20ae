/**
 * `POST /api/workspaces/:id/imports` (a curl command, Postman or Insomnia collection or HAR file saved into the
 * workspace) and `POST /api/workspaces/:id/exports` (its REST and HTTP requests as a Postman v2.1 collection, what it
 * left out in a header; `GET …/export?format=postman` writes its HTTP requests only). The parsers load on first use. Credentials an import found stay out of the workspace: the saved requests carry
 * `${name}` references and the report says to define those variables in an environment.
 */
import { EXPORT_REPORT_HEADER, WorkbenchError } from '@wirebench/core'
import type {
  ExportWorkspaceRequest,
  ImportIntoWorkspaceRequest,
  ImportResult,
  WorkspaceContent,
} from '@wirebench/core'
import { saveBatch } from '@wirebench/workspace'
import type { WorkspaceService } from '@wirebench/workspace'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { DiscoveryService } from '../services/discovery.js'
import { pluginLogger } from '../services/logger.js'
import type { PluginRegistry } from '../services/plugin-registry.js'
import { findRestOperations } from '../services/rest-operations.js'
import type { RestOperationLookup } from '../services/rest-operations.js'
import { clientGone } from './deps.js'
import { workspaceIdParams } from './workspace-schemas.js'

export interface WorkspaceInterchangeDeps {
  workspaces: WorkspaceService
  jsonBodyBytes: number
  /** The export writes a REST request from its discovered operation. */
  discovery: DiscoveryService
  registry: PluginRegistry
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

  const exportCollection = async (
    id: string,
    format: string,
    reply: FastifyReply,
    lookup: ((content: WorkspaceContent) => Promise<RestOperationLookup>) | undefined,
  ): Promise<object> => {
    if (format !== 'postman') {
      throw new WorkbenchError('invalid_request', `Unknown export format "${format}".`, {
        hint: 'Use format=postman (a Postman v2.1 collection of the REST and plain HTTP requests).',
      })
    }
    const content = await deps.workspaces.content(id)
    const restOperation = lookup ? await lookup(content) : () => restNotLookedUp
    const { exportPostmanCollection } = await import('@wirebench/interchange')
    const { collection, report } = exportPostmanCollection(content, { restOperation })
    const fileName = `${content.name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'workspace'}.postman_collection.json`
    void reply.header('cache-control', 'no-store')
    void reply.header('content-disposition', `attachment; filename="${fileName}"`)
    void reply.header(EXPORT_REPORT_HEADER, encodeURIComponent(JSON.stringify(report)))
    return collection
  }

  // A GET sends nothing anywhere (SECURITY.md), so it cannot read the OpenAPI documents REST requests need.
  app.get<{ Params: IdParams; Querystring: { format?: string } }>(
    '/api/workspaces/:id/export',
    { schema: { params: workspaceIdParams } },
    (request, reply) => exportCollection(request.params.id, request.query.format ?? 'postman', reply, undefined),
  )

  app.post<{ Params: IdParams; Body: ExportWorkspaceRequest }>(
    '/api/workspaces/:id/exports',
    { schema: { params: workspaceIdParams, body: exportSchema }, bodyLimit: deps.jsonBodyBytes },
    (request, reply) =>
      exportCollection(request.params.id, request.body.format, reply, (content) =>
        findRestOperations({
          requests: content.requests,
          discovery: deps.discovery,
          registry: deps.registry,
          logger: pluginLogger(request.log),
          cancellation: clientGone(reply),
        }),
      ),
  )
}

const restNotLookedUp =
  'its OpenAPI operation needs its document, which this GET does not fetch; export with POST /api/workspaces/<id>/exports (the collections menu does).'

const exportSchema = {
  type: 'object',
  required: ['format'],
  additionalProperties: false,
  properties: { format: { type: 'string', maxLength: 32 } },
} as const
