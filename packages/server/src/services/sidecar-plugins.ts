/**
 * The sidecar plugins of this workbench: the plugin directories scanned at start (`{config_dir}/plugins` and every
 * `--plugin-dir`), each valid manifest made a lazy `ProtocolPlugin` (its process starts on first use), and what the
 * plugin list shows of each — invalid manifests and ids taken by another plugin included, never loaded.
 */
import { basename } from 'node:path'
import type { Logger, PluginInfo, ProtocolPlugin } from '@wirebench/core'
import { configPluginsDir, createSidecarPlugin, missingPluginDirs, scanPluginDirs } from '@wirebench/sidecar'
import type { SidecarHostLimits, SidecarPlugin } from '@wirebench/sidecar'

export interface SidecarOptions {
  configDir: string
  /** `--plugin-dir` values. */
  pluginDirs: readonly string[]
  /** Ids already taken (the built-in plugins): a sidecar may not take one. */
  takenIds: ReadonlyMap<string, string>
  hostVersion: string
  logger: Logger
  limits?: Partial<SidecarHostLimits>
}

export interface SidecarSet {
  /** The sidecars to register, in scan order. */
  plugins: SidecarPlugin[]
  /** The plugin list's entries of sidecars that are not registered (invalid manifest, taken id). */
  refused: PluginInfo[]
}

export async function loadSidecars(options: SidecarOptions): Promise<SidecarSet> {
  for (const dir of await missingPluginDirs(options.pluginDirs)) {
    options.logger.warn(
      `The plugin directory ${dir} does not exist or is not a directory: no sidecar was loaded from it.`,
    )
  }
  const entries = await scanPluginDirs({
    pluginsDir: configPluginsDir(options.configDir),
    extraDirs: options.pluginDirs,
  })
  const taken = new Map(options.takenIds)
  const plugins: SidecarPlugin[] = []
  const refused: PluginInfo[] = []
  for (const entry of entries) {
    if (entry.status === 'invalid') {
      refused.push({
        id: `dir:${basename(entry.dir)}`,
        name: basename(entry.dir),
        kind: 'sidecar',
        state: 'invalid',
        ...(entry.packageId === undefined ? {} : { packageId: entry.packageId }),
        directory: entry.dir,
        manifestStatus: 'invalid',
        problems: entry.problems,
        // One list: the problems themselves go beside this summary, which only says where to fix them.
        message: `${entry.dir}/sidecar.json cannot be loaded (${entry.problems.length === 1 ? 'one problem' : `${entry.problems.length} problems`}); fix it, then restart the workbench.`,
      })
      options.logger.warn(`Sidecar in ${entry.dir} not loaded: invalid sidecar.json`, { problems: entry.problems })
      continue
    }
    const { manifest } = entry
    const id = manifest.protocol.id
    const holder = taken.get(id)
    if (holder !== undefined) {
      refused.push({
        ...manifestFacts(entry.dir, manifest),
        // Listed under its package id: the protocol id names the plugin that holds it, which is the one to restart.
        id: taken.has(manifest.packageId) ? `dir:${basename(entry.dir)}` : manifest.packageId,
        state: 'invalid',
        message: `The protocol id "${id}" is taken by ${holder}; this sidecar was not loaded. Give it another protocol.id in sidecar.json.`,
      })
      options.logger.warn(`Sidecar in ${entry.dir} not loaded: protocol id "${id}" is taken by ${holder}`)
      continue
    }
    taken.set(id, `the sidecar in ${entry.dir}`)
    plugins.push(
      createSidecarPlugin({
        dir: entry.dir,
        manifest,
        hostVersion: options.hostVersion,
        logger: options.logger,
        ...(options.limits ? { limits: options.limits } : {}),
      }),
    )
  }
  return { plugins, refused }
}

function manifestFacts(dir: string, manifest: SidecarPlugin['sidecar']['manifest']): PluginInfo {
  const info: PluginInfo = {
    id: manifest.protocol.id,
    name: manifest.protocol.name,
    kind: 'sidecar',
    state: 'not_started',
    packageId: manifest.packageId,
    transport: manifest.transport ?? 'stdio',
    directory: dir,
    manifestStatus: 'valid',
  }
  if (manifest.version !== undefined) info.version = manifest.version
  if ((manifest.transport ?? 'stdio') === 'stdio') info.envPrefix = manifest.envPrefix ?? 'WORKBENCH_'
  if (manifest.protocol.iconSvg !== undefined) info.iconSvg = manifest.protocol.iconSvg
  return info
}

export function isSidecarPlugin(plugin: ProtocolPlugin): plugin is SidecarPlugin {
  return 'sidecar' in plugin && typeof (plugin as SidecarPlugin).sidecar?.status === 'function'
}

/** A registered sidecar as the plugin list shows it. */
export function sidecarInfo(plugin: SidecarPlugin): PluginInfo {
  const { sidecar } = plugin
  const status = sidecar.status()
  const info: PluginInfo = {
    ...manifestFacts(sidecar.dir, sidecar.manifest),
    name: plugin.name,
    state: status.state,
    crashCount: status.crashCount,
    stderrTail: status.stderrTail,
    capabilities: {
      unary: true,
      serverStreaming: plugin.invokeStream !== undefined,
      channels: plugin.openChannel !== undefined,
    },
  }
  if (plugin.iconSvg !== undefined) info.iconSvg = plugin.iconSvg
  if (plugin.description !== undefined) info.description = plugin.description
  if (status.pid !== undefined) info.pid = status.pid
  if (status.startedAt !== undefined) info.startedAt = status.startedAt
  if (status.exitCode !== undefined) info.exitCode = status.exitCode
  if (status.signal !== undefined) info.signal = status.signal
  if (status.message !== undefined) info.message = status.message
  if (status.nextStartAt !== undefined) info.nextStartAt = status.nextStartAt
  if (status.lastPing !== undefined) info.lastPing = status.lastPing
  return info
}
