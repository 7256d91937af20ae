/**
 * The server's workspace service: created with the workbench, opened before the routes answer, the `--workspace`
 * folder made active, watchers and buffered history closed with the server.
 */
import { createWorkspaceService, createWorkspaceStore } from '@wirebench/workspace'
import type { WorkspaceService } from '@wirebench/workspace'
import type { FastifyInstance } from 'fastify'
import type { WorkbenchOptions } from '../options.js'

export interface OpenedWorkspaces {
  service: WorkspaceService
  /** The workspace given on the command line, for the page's client config. */
  launched?: { id: string; urls: string[] }
}

export async function openWorkspaces(app: FastifyInstance, options: WorkbenchOptions): Promise<OpenedWorkspaces> {
  const settings = options.workspaces ?? {}
  const service = createWorkspaceService({
    configDir: options.configDir,
    ...(settings.watch !== undefined ? { watch: settings.watch } : {}),
    ...(settings.watchDebounceMs !== undefined ? { watchDebounceMs: settings.watchDebounceMs } : {}),
    ...(settings.historyLimits ? { historyLimits: settings.historyLimits } : {}),
  })
  app.addHook('onClose', () => service.close())
  await service.init()
  if (options.workspaceDir === undefined) return { service }
  // A folder that names itself in workspace.json is listed under that name (else its folder name).
  const scanned = await createWorkspaceStore(options.workspaceDir)
    .read()
    .catch(() => undefined)
  const name = scanned?.manifest.name ?? nameOf(options.workspaceDir)
  const summary = await service.create({ name, dir: options.workspaceDir })
  await service.activate(summary.id)
  const content = await service.content(summary.id)
  return { service, launched: { id: summary.id, urls: content.urls } }
}

function nameOf(dir: string): string {
  return dir.replace(/\/+$/, '').split('/').pop() || 'workspace'
}
