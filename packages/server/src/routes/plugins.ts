/**
 * `GET /api/plugins` (every plugin with its state: built-ins, sidecars with their health and stderr tail, manifests
 * that were refused) and `POST /api/plugins/:id/restart` (a sidecar). Installing is a command-line action only: the
 * browser can never make the workbench run new code (SECURITY.md).
 */
import { WorkbenchError } from '@wirebench/core'
import type { PluginInfo, PluginRestartResponse, PluginsResponse, ProtocolPlugin } from '@wirebench/core'
import type { JSONSchemaType } from 'ajv'
import type { FastifyInstance } from 'fastify'
import type { PluginRegistry } from '../services/plugin-registry.js'
import { isSidecarPlugin, sidecarInfo } from '../services/sidecar-plugins.js'

export interface PluginRouteDeps {
  registry: PluginRegistry
  /** Sidecars listed but not loaded (invalid manifest, taken id). */
  refused: readonly PluginInfo[]
}

interface PluginParams {
  id: string
}

const paramsSchema: JSONSchemaType<PluginParams> = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
}

/** A running sidecar answers a ping before it is listed; one that does not is listed anyway (with the failed ping). */
const probeTimeoutMs = 500

function builtinInfo(plugin: ProtocolPlugin): PluginInfo {
  const info: PluginInfo = {
    id: plugin.id,
    name: plugin.name,
    kind: 'builtin',
    state: 'builtin',
    capabilities: {
      unary: true,
      serverStreaming: plugin.invokeStream !== undefined,
      channels: plugin.openChannel !== undefined,
    },
  }
  if (plugin.description !== undefined) info.description = plugin.description
  return info
}

export function registerPluginRoutes(app: FastifyInstance, deps: PluginRouteDeps): void {
  app.get('/api/plugins', async (): Promise<PluginsResponse> => {
    const plugins = deps.registry.list()
    const sidecars = plugins.filter(isSidecarPlugin)
    // Pinging never starts a sidecar: GET has no side effects.
    await Promise.all(
      sidecars.filter((p) => p.sidecar.status().state === 'running').map((p) => p.sidecar.probe(probeTimeoutMs)),
    )
    return {
      plugins: [...plugins.map((p) => (isSidecarPlugin(p) ? sidecarInfo(p) : builtinInfo(p))), ...deps.refused],
    }
  })

  app.post<{ Params: PluginParams }>(
    '/api/plugins/:id/restart',
    { schema: { params: paramsSchema } },
    async (request): Promise<PluginRestartResponse> => {
      const { id } = request.params
      const plugin = deps.registry.get(id)
      if (!plugin) {
        const listed = deps.refused.find((p) => p.id === id)
        if (listed) {
          throw new WorkbenchError('conflict', `The sidecar "${id}" was not loaded: ${listed.message ?? 'invalid'}`, {
            hint: 'Fix its sidecar.json (wirebench plugin list shows why), then restart the workbench.',
          })
        }
        throw new WorkbenchError('not_found', `No plugin "${id}" is registered.`)
      }
      if (!isSidecarPlugin(plugin)) {
        throw new WorkbenchError(
          'invalid_request',
          `${plugin.name} is built in and runs inside the workbench: there is nothing to restart.`,
        )
      }
      await plugin.sidecar.restart()
      return { plugin: sidecarInfo(plugin) }
    },
  )
}
