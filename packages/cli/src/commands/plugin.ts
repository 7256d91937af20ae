/**
 * `wirebench plugin list | install | remove`: the sidecar plugins of a config dir. Listing reads the manifests (and
 * asks a running workbench for each sidecar's health); installing copies a checked package into the plugin
 * directory and runs nothing of it; removing deletes one package.
 */
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Command } from 'commander'
import type { PluginInfo, PluginsResponse } from '@wirebench/core'
import { CliFailure } from '../failure.js'
import { defaultConfigDir } from '../flags.js'
import type { Output } from '../start.js'
import { findRunningServers } from '../running-servers.js'
import { renderPluginTable } from './plugin-table.js'

interface ListFlags {
  json?: boolean
  configDir?: string
  pluginDir?: string[]
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

function configDirOf(flags: { configDir?: string }): string {
  return flags.configDir ? resolve(flags.configDir) : defaultConfigDir()
}

/** What the manifests say, before any workbench is asked. */
async function scanned(configDir: string, pluginDirs: string[]): Promise<PluginInfo[]> {
  const { configPluginsDir, scanPluginDirs } = await import('@wirebench/sidecar')
  const entries = await scanPluginDirs({ pluginsDir: configPluginsDir(configDir), extraDirs: pluginDirs })
  return entries.map((entry): PluginInfo => {
    if (entry.status === 'invalid') {
      return {
        id: `dir:${entry.dir.split('/').pop() ?? entry.dir}`,
        name: entry.dir.split('/').pop() ?? entry.dir,
        kind: 'sidecar',
        state: 'invalid',
        directory: entry.dir,
        manifestStatus: 'invalid',
        problems: entry.problems,
      }
    }
    const { manifest } = entry
    const info: PluginInfo = {
      id: manifest.protocol.id,
      name: manifest.protocol.name,
      kind: 'sidecar',
      state: 'not_started',
      packageId: manifest.packageId,
      transport: manifest.transport ?? 'stdio',
      directory: entry.dir,
      manifestStatus: 'valid',
    }
    if (manifest.version !== undefined) info.version = manifest.version
    if ((manifest.transport ?? 'stdio') === 'stdio') info.envPrefix = manifest.envPrefix ?? 'WORKBENCH_'
    return info
  })
}

/** The sidecars a running workbench reports, by directory; undefined when none runs or it does not answer. */
async function serverView(configDir: string): Promise<{ url: string; plugins: PluginInfo[] } | undefined> {
  for (const server of await findRunningServers(configDir)) {
    try {
      const response = await fetch(`${server.url}/api/plugins`, {
        headers: server.token === null ? {} : { 'x-workbench-token': server.token },
        signal: AbortSignal.timeout(3_000),
      })
      if (!response.ok) continue
      const body = (await response.json()) as PluginsResponse
      return { url: server.url, plugins: body.plugins.filter((p) => p.kind === 'sidecar') }
    } catch {
      continue
    }
  }
  return undefined
}

async function list(flags: ListFlags, output: Output): Promise<void> {
  const configDir = configDirOf(flags)
  const pluginDirs = (flags.pluginDir ?? []).map((d) => resolve(d))
  const { configPluginsDir, missingPluginDirs } = await import('@wirebench/sidecar')
  const missing = await missingPluginDirs(pluginDirs)
  const fromDisk = await scanned(configDir, pluginDirs)
  const server = await serverView(configDir)
  const byDir = new Map(server?.plugins.map((p) => [p.directory, p]))
  // A running workbench knows health, crashes and taken ids; the manifests on disk stay the list.
  const plugins = fromDisk.map((p) => (p.state !== 'invalid' && byDir.get(p.directory)) || p)
  // What the running workbench loaded from elsewhere (its own --plugin-dir, the demo's sidecar) is listed too.
  const onDisk = new Set(fromDisk.map((p) => p.directory))
  const elsewhere = (server?.plugins ?? []).filter((p) => !onDisk.has(p.directory))
  if (flags.json) {
    const all = [...plugins, ...elsewhere]
    output.out(
      `${JSON.stringify({ server: server?.url ?? null, plugins: all, missingPluginDirs: missing }, null, 2)}\n`,
    )
    return
  }
  for (const dir of missing) output.err(`Warning: --plugin-dir ${dir} does not exist or is not a directory.\n`)
  if (server) output.out(`Workbench running at ${server.url}\n\n`)
  const looked = [configPluginsDir(configDir), ...pluginDirs.filter((d) => !missing.includes(d))]
  output.out(renderPluginTable(plugins, { isServerRunning: server !== undefined, looked }))
  if (elsewhere.length > 0) {
    output.out(`\nAlso loaded by the running workbench (its own --plugin-dir or the demo's sidecars):\n`)
    output.out(renderPluginTable(elsewhere, { isServerRunning: true, looked: [] }))
  }
}

export function pluginCommand(output: Output): Command {
  const plugin = new Command('plugin')
    .description('list, install and remove sidecar plugins (protocols in any language)')
    .exitOverride()
  plugin
    .command('list')
    .description('list the sidecar plugins, their manifests, and their health when the workbench runs')
    .option('--json', 'print JSON')
    .option('--config-dir <dir>', 'config directory (default ~/.wirebench, env WIREBENCH_HOME)')
    .option('--plugin-dir <dir>', 'also list the plugins in this directory (repeatable)', collect)
    .exitOverride()
    .action((flags: ListFlags) => list(flags, output))
  plugin
    .command('install <source>')
    .description('install a plugin directory or .zip into {config-dir}/plugins (nothing of it is run)')
    .option('--force', 'replace an installed plugin with the same packageId')
    .option('--config-dir <dir>', 'config directory (default ~/.wirebench, env WIREBENCH_HOME)')
    .exitOverride()
    .action(async (source: string, flags: { force?: boolean; configDir?: string }) => {
      // A path that is not there is a mistake on the command line (exit 2), not a package the checks refused.
      if (
        !(await stat(source).then(
          () => true,
          () => false,
        ))
      ) {
        throw CliFailure.usage(
          `plugin install: ${resolve(source)} does not exist.`,
          'Give a plugin directory (with sidecar.json at its top) or a .zip of one.',
        )
      }
      const { installPlugin } = await import('@wirebench/sidecar/install')
      const { configPluginsDir } = await import('@wirebench/sidecar')
      const result = await installPlugin({
        source: resolve(source),
        pluginsDir: configPluginsDir(configDirOf(flags)),
        replace: flags.force === true,
      })
      const { manifest } = result
      output.out(
        `${result.replaced ? 'Replaced' : 'Installed'} ${manifest.packageId}${manifest.version ? ` ${manifest.version}` : ''} (protocol ${manifest.protocol.id}, ${manifest.transport ?? 'stdio'}) in ${result.directory}\nRestart the workbench to load it; it starts on first use.\n`,
      )
    })
  plugin
    .command('remove <packageId>')
    .description('remove an installed plugin')
    .option('--config-dir <dir>', 'config directory (default ~/.wirebench, env WIREBENCH_HOME)')
    .exitOverride()
    .action(async (packageId: string, flags: { configDir?: string }) => {
      const { InstallError, removePlugin } = await import('@wirebench/sidecar/install')
      const { configPluginsDir } = await import('@wirebench/sidecar')
      const dir = await removePlugin({ pluginsDir: configPluginsDir(configDirOf(flags)), packageId }).catch(
        (error: unknown) => {
          // Removing throws only for a packageId that is not installed: the command line named the wrong one.
          if (error instanceof InstallError) {
            throw CliFailure.usage(`plugin remove: ${error.message}`, 'wirebench plugin list shows the installed ones.')
          }
          throw error
        },
      )
      output.out(`Removed ${packageId} (${dir}). A running workbench keeps it until it restarts.\n`)
    })
  return plugin
}
