/**
 * `{prefix}/api/workspaces/:id/benchmarks`: benchmark runs saved with a workspace. POST saves a run this server still
 * holds (its own figures and target, never the call's metadata or variables); GET lists one method's saved runs;
 * POST `…/export` writes one as a file.
 */
import { WorkbenchError } from '@wirebench/core'
import type {
  BenchExportResponse,
  SaveBenchmarkRequest,
  SavedBenchmark,
  SavedBenchmarkDeleteRequest,
  SavedBenchmarkExportRequest,
  SavedBenchmarksResponse,
} from '@wirebench/core'
import { createBenchmarkFiles } from '@wirebench/workspace'
import type { WorkspaceService } from '@wirebench/workspace'
import type { FastifyInstance } from 'fastify'
import type { BenchRuns } from '../services/bench/bench-runs.js'
import { exportSavedBenchmark, notSaved } from '../services/saved-benchmark-export.js'
import { workspaceIdParams } from './workspace-schemas.js'

export interface WorkspaceBenchmarkRouteDeps {
  workspaces: WorkspaceService
  runs: BenchRuns
}

// A method's benchmark key and a run's or saved run's id, bounded alike in every body and query below.
const benchmarkKey = { type: 'string', minLength: 1, maxLength: 4096 } as const
const benchmarkId = { type: 'string', minLength: 1, maxLength: 64 } as const

const keyQuery = {
  type: 'object',
  required: ['key'],
  properties: { key: benchmarkKey },
} as const

const saveBody = {
  type: 'object',
  required: ['run', 'key', 'label'],
  additionalProperties: false,
  properties: {
    run: benchmarkId,
    key: benchmarkKey,
    label: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const

const exportBody = {
  type: 'object',
  required: ['key', 'id', 'format'],
  additionalProperties: false,
  properties: {
    key: benchmarkKey,
    id: benchmarkId,
    format: { type: 'string', enum: ['json', 'csv', 'k6-summary'] },
  },
} as const

const deleteBody = {
  type: 'object',
  required: ['key', 'id'],
  additionalProperties: false,
  properties: { key: benchmarkKey, id: benchmarkId },
} as const

async function workspaceDir(workspaces: WorkspaceService, id: string): Promise<string> {
  const { workspaces: known } = await workspaces.list()
  const found = known.find((workspace) => workspace.id === id)
  if (!found) {
    throw new WorkbenchError('not_found', `No workspace ${JSON.stringify(id)} is known here.`, {
      hint: 'Pick a workspace from the list (GET /api/workspaces).',
    })
  }
  return found.dir
}

export function registerWorkspaceBenchmarkRoutes(app: FastifyInstance, deps: WorkspaceBenchmarkRouteDeps): void {
  app.get<{ Params: { id: string }; Querystring: { key: string } }>(
    '/api/workspaces/:id/benchmarks',
    { schema: { params: workspaceIdParams, querystring: keyQuery } },
    async (request, reply): Promise<SavedBenchmarksResponse> => {
      void reply.header('cache-control', 'no-store')
      const dir = await workspaceDir(deps.workspaces, request.params.id)
      return createBenchmarkFiles(dir).list(request.query.key)
    },
  )
  app.post<{ Params: { id: string }; Body: SaveBenchmarkRequest }>(
    '/api/workspaces/:id/benchmarks',
    { schema: { params: workspaceIdParams, body: saveBody } },
    async (request): Promise<SavedBenchmark> => {
      const { run, key, label } = request.body
      // Checked before anything is written: an unknown or unfinished run saves nothing.
      const status = deps.runs.status(run)
      if (!status.result) {
        throw new WorkbenchError('conflict', 'This run has no result yet.', {
          hint: 'Save it once it has ended (a stopped run keeps its partial result).',
        })
      }
      const dir = await workspaceDir(deps.workspaces, request.params.id)
      return createBenchmarkFiles(dir).save({ key, label, target: status.target, result: status.result })
    },
  )
  app.post<{ Params: { id: string }; Body: SavedBenchmarkExportRequest }>(
    '/api/workspaces/:id/benchmarks/export',
    { schema: { params: workspaceIdParams, body: exportBody } },
    async (request): Promise<BenchExportResponse> => {
      const { key, id, format } = request.body
      const dir = await workspaceDir(deps.workspaces, request.params.id)
      const { benchmarks } = await createBenchmarkFiles(dir).list(key)
      const saved = benchmarks.find((benchmark) => benchmark.id === id)
      if (!saved) throw notSaved(id)
      return exportSavedBenchmark(saved, format)
    },
  )
  app.post<{ Params: { id: string }; Body: SavedBenchmarkDeleteRequest }>(
    '/api/workspaces/:id/benchmarks/delete',
    { schema: { params: workspaceIdParams, body: deleteBody } },
    async (request): Promise<{ deleted: true }> => {
      const { key, id } = request.body
      const dir = await workspaceDir(deps.workspaces, request.params.id)
      if (!(await createBenchmarkFiles(dir).remove(key, id))) throw notSaved(id)
      return { deleted: true }
    },
  )
}
