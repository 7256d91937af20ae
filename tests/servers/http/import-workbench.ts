/**
 * A workbench (the real Fastify plugin) next to the recording server, for import tests: previews an import through
 * `POST /api/import/preview`, then sends each imported request the way the UI does — `prepareCall` from
 * `@wirebench/auth` with the request's own auth and the import's variables and secrets in the environment — through
 * `POST /api/invoke`, and hands back what the server received.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { createAuthCaches, newEnvironment, prepareCall } from '@wirebench/auth'
import type { Environment } from '@wirebench/auth'
import type { ImportFormat, ImportPreview, InvokeResult, SavedRequest } from '@wirebench/core'
import { workbench } from '@wirebench/server'
import { startRecordingServer } from './recording-server.js'
import type { ReceivedRequest, RecordingServer } from './recording-server.js'

export interface ImportWorkbench {
  server: RecordingServer
  app: FastifyInstance
  headers: Record<string, string>
  preview(format: ImportFormat, content: string): Promise<ImportPreview>
  /** Sends one imported request and answers what the recording server received for it. */
  send(request: SavedRequest, preview: ImportPreview, vars?: Record<string, string>): Promise<ReceivedRequest>
  close(): Promise<void>
}

export async function startImportWorkbench(): Promise<ImportWorkbench> {
  const token = 'i'.repeat(64)
  const headers = { host: 'localhost:5080', 'x-workbench-token': token }
  const configDir = await mkdtemp(join(tmpdir(), 'wb-import-'))
  const server = await startRecordingServer()
  const app = Fastify({ logger: false })
  await app.register(workbench, { configDir, uiDir: null, token, mode: 'standalone' })
  await app.ready()
  const caches = createAuthCaches()
  return {
    server,
    app,
    headers,
    async preview(format, content) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/import/preview',
        headers,
        payload: { format, content },
      })
      if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}: ${res.body}`)
      return res.json<ImportPreview>()
    },
    async send(request, preview, vars = {}) {
      const environment: Environment = {
        ...newEnvironment('import'),
        vars: { ...preview.vars, ...(preview.secrets ?? {}), ...vars },
      }
      if (request.auth?.mode === 'own') environment.auth = request.auth.config as Environment['auth']
      const prepared = await prepareCall({
        protocol: 'rest',
        environment,
        metadata: request.metadata ?? {},
        messages: request.messages,
        serverUrl: request.url,
        caches,
      })
      if (prepared.unresolved.length > 0) throw new Error(`unresolved: ${prepared.unresolved.join(', ')}`)
      const before = server.received.length
      const res = await app.inject({
        method: 'POST',
        url: '/api/invoke',
        headers,
        payload: {
          protocol: request.protocol,
          url: prepared.serverUrl,
          service: request.service,
          method: request.method,
          messages: prepared.messages,
          metadata: prepared.metadata,
        },
      })
      if (res.statusCode !== 200) throw new Error(`invoke answered ${res.statusCode}: ${res.body}`)
      const result = res.json<InvokeResult>()
      if (server.received.length !== before + 1) throw new Error(`the server saw no request (${result.status})`)
      return server.received.at(-1)!
    },
    async close() {
      await app.close()
      await server.close()
      await rm(configDir, { recursive: true, force: true })
    },
  }
}
