/** The registered protocol plugins: lookup by id and by upload extension, and their public summaries. */
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin, ProtocolSummary } from '@wirebench/core'

export interface PluginRegistry {
  list(): readonly ProtocolPlugin[]
  get(id: string): ProtocolPlugin | undefined
  /** Like `get`, but throws a `no_plugin` problem naming the registered ids. */
  require(id: string): ProtocolPlugin
  /** The plugin that reads files of this extension (lower case, with the dot). */
  forExtension(extension: string): ProtocolPlugin | undefined
  uploadExtensions(): string[]
  summaries(): ProtocolSummary[]
  dispose(): Promise<void>
}

function summarize(plugin: ProtocolPlugin): ProtocolSummary {
  const summary: ProtocolSummary = {
    id: plugin.id,
    name: plugin.name,
    settings: plugin.settings ?? [],
    uploadExtensions: [...(plugin.uploadExtensions ?? [])],
    capabilities: {
      unary: true,
      serverStreaming: plugin.invokeStream !== undefined,
      channels: plugin.openChannel !== undefined,
    },
  }
  if (plugin.iconSvg) summary.iconSvg = plugin.iconSvg
  if (plugin.description) summary.description = plugin.description
  if (plugin.exportFormats && plugin.exportCall) summary.exportFormats = [...plugin.exportFormats]
  return summary
}

export function createPluginRegistry(plugins: readonly ProtocolPlugin[]): PluginRegistry {
  const byId = new Map<string, ProtocolPlugin>()
  const byExtension = new Map<string, ProtocolPlugin>()
  for (const plugin of plugins) {
    if (byId.has(plugin.id)) throw new Error(`Two protocol plugins share the id "${plugin.id}".`)
    byId.set(plugin.id, plugin)
    for (const ext of plugin.uploadExtensions ?? []) {
      // The first plugin to claim an extension keeps it, so registration order decides.
      if (!byExtension.has(ext.toLowerCase())) byExtension.set(ext.toLowerCase(), plugin)
    }
  }
  return {
    list: () => [...byId.values()],
    get: (id) => byId.get(id),
    require(id) {
      const plugin = byId.get(id)
      if (plugin) return plugin
      throw new WorkbenchError('no_plugin', `No protocol plugin "${id}" is registered.`, {
        hint: `Registered protocols: ${[...byId.keys()].join(', ') || 'none'}.`,
      })
    },
    forExtension: (extension) => byExtension.get(extension.toLowerCase()),
    uploadExtensions: () => [...byExtension.keys()].sort(),
    summaries: () => [...byId.values()].map(summarize),
    async dispose() {
      await Promise.allSettled([...byId.values()].map((p) => p.dispose?.() ?? Promise.resolve()))
    },
  }
}
