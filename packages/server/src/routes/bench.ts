/**
 * `POST /api/bench/start`, `/stop`, `/status`, `/list` and `/export`: benchmark runs in the server process, through the
 * same invoke path as `POST /api/invoke`. Progress goes out on the live WebSocket (`bench.progress`, `bench.ended`);
 * `status` is for a page that (re)joins a run, `list` for one that lost their ids (a reload). All are POST: start and
 * stop act; the others keep one shape.
 */
import type {
  BenchExportRequest,
  BenchListResponse,
  BenchExportResponse,
  BenchRunRequest,
  BenchStartRequest,
  BenchStartResponse,
  BenchStatus,
} from '@wirebench/core'
import type { FastifyInstance } from 'fastify'
import { pluginLogger } from '../services/logger.js'
import type { BenchRuns } from '../services/bench/bench-runs.js'
import {
  benchExportBodySchema,
  benchListBodySchema,
  benchRunBodySchema,
  benchStartBodySchema,
} from './bench-schemas.js'

export function registerBenchRoutes(app: FastifyInstance, deps: { runs: BenchRuns; jsonBodyBytes: number }): void {
  // Bodies are never logged: the call's metadata and the variables carry credentials.
  app.post<{ Body: BenchStartRequest }>(
    '/api/bench/start',
    { schema: { body: benchStartBodySchema }, bodyLimit: deps.jsonBodyBytes },
    async (request): Promise<BenchStartResponse> => ({
      run: await deps.runs.start(request.body, pluginLogger(request.log)),
    }),
  )
  app.post<{ Body: BenchRunRequest }>(
    '/api/bench/stop',
    { schema: { body: benchRunBodySchema } },
    (request): Promise<BenchStatus> => deps.runs.stop(request.body.run),
  )
  app.post<{ Body: BenchRunRequest }>(
    '/api/bench/status',
    { schema: { body: benchRunBodySchema } },
    (request): BenchStatus => deps.runs.status(request.body.run),
  )
  app.post('/api/bench/list', { schema: { body: benchListBodySchema } }, (): BenchListResponse => ({
    runs: deps.runs.list(),
  }))
  app.post<{ Body: BenchExportRequest }>(
    '/api/bench/export',
    { schema: { body: benchExportBodySchema } },
    (request): Promise<BenchExportResponse> => deps.runs.exportRun(request.body),
  )
}
