/**
 * Finds sidecar plugins: every `<root>/<dir>/sidecar.json` under the config dir's `plugins/` and under each
 * `--plugin-dir` (which may also be one plugin's own directory). Each manifest is validated; an invalid one is listed
 * with its problems and never loaded.
 */
import { readdir, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import { MANIFEST_FILE, ManifestError, readManifest, resolveExecutable } from '../manifest/manifest.js'
import type { ManifestProblem, SidecarManifest } from '../manifest/manifest.js'

/** Where a plugin directory was found. */
export type PluginOrigin = 'config' | 'flag'

export type PluginEntry =
  | { status: 'valid'; dir: string; origin: PluginOrigin; manifest: SidecarManifest }
  | { status: 'invalid'; dir: string; origin: PluginOrigin; problems: ManifestProblem[]; packageId?: string }

export interface ScanOptions {
  /** `{config_dir}/plugins`; absent or missing means none. */
  pluginsDir?: string
  /** `--plugin-dir` values: a directory of plugin directories, or one plugin directory. */
  extraDirs?: readonly string[]
}

/** The config dir's plugin directory. */
export function configPluginsDir(configDir: string): string {
  return join(configDir, 'plugins')
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  )
}

/** The plugin directories under a root (its children holding a manifest), or the root itself when it holds one. */
async function pluginDirsUnder(root: string): Promise<string[]> {
  if (await isFile(join(root, MANIFEST_FILE))) return [root]
  let names: string[]
  try {
    names = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name)
  } catch {
    return []
  }
  const dirs: string[] = []
  for (const name of names.sort()) {
    const dir = join(root, name)
    if (await isFile(join(dir, MANIFEST_FILE))) dirs.push(dir)
  }
  return dirs
}

/** What the schema cannot check but a start needs: the program inside the directory, an http url that may be called. */
async function usability(dir: string, manifest: SidecarManifest): Promise<ManifestProblem | undefined> {
  if (manifest.transport === 'http') {
    try {
      checkOutboundUrl(manifest.url as string, { schemes: ['http:', 'https:'] })
      return undefined
    } catch (error) {
      return { path: '/url', message: WorkbenchError.from(error).message }
    }
  }
  try {
    await resolveExecutable(dir, manifest.executable as string)
    return undefined
  } catch (error) {
    if (error instanceof ManifestError) return { path: error.path, message: error.message }
    return { path: '/executable', message: error instanceof Error ? error.message : String(error) }
  }
}

async function readEntry(dir: string, origin: PluginOrigin): Promise<PluginEntry> {
  const checked = await readManifest(dir)
  if (!checked.ok) return { status: 'invalid', dir, origin, problems: checked.problems }
  const problem = await usability(dir, checked.manifest)
  if (problem === undefined) return { status: 'valid', dir, origin, manifest: checked.manifest }
  return { status: 'invalid', dir, origin, problems: [problem], packageId: checked.manifest.packageId }
}

/**
 * The `--plugin-dir` values that are not directories (a typo, a plugin removed since): scanning finds nothing there,
 * so the user is told instead of the plugin silently missing.
 */
export async function missingPluginDirs(dirs: readonly string[]): Promise<string[]> {
  const missing: string[] = []
  for (const dir of dirs) {
    const isDir = await stat(dir).then(
      (info) => info.isDirectory(),
      () => false,
    )
    if (!isDir) missing.push(dir)
  }
  return missing
}

/** Every plugin directory found, in order (config dir first, then each flag), each directory once. */
export async function scanPluginDirs(options: ScanOptions): Promise<PluginEntry[]> {
  const roots: [string, PluginOrigin][] = []
  if (options.pluginsDir) roots.push([options.pluginsDir, 'config'])
  for (const dir of options.extraDirs ?? []) roots.push([dir, 'flag'])
  const seen = new Set<string>()
  const entries: PluginEntry[] = []
  for (const [root, origin] of roots) {
    for (const dir of await pluginDirsUnder(root)) {
      const real = await realpath(dir).catch(() => dir)
      if (seen.has(real)) continue
      seen.add(real)
      entries.push(await readEntry(real, origin))
    }
  }
  return entries
}
