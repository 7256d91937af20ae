/**
 * `wirebench plugin install` and `remove`: a plugin directory or .zip is staged in a temporary directory inside the
 * plugin directory (checked entry by entry), its manifest validated, and only then moved to
 * `{plugins}/<packageId>`. Nothing of the package is run at install, and a refused package leaves nothing behind.
 */
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { readManifest, resolveExecutable, MANIFEST_FILE } from '../manifest/manifest.js'
import type { SidecarManifest } from '../manifest/manifest.js'
import { copyPluginDir } from './copy-dir.js'
import { defaultPackageLimits, InstallError } from './limits.js'
import type { PackageLimits } from './limits.js'
import { extractZip } from './zip-archive.js'

export interface InstallOptions {
  /** A plugin directory, or a .zip of one (its manifest at the top, or in a single top-level folder). */
  source: string
  /** `{config_dir}/plugins`. */
  pluginsDir: string
  /** Replace an installed plugin with the same packageId. */
  replace?: boolean
  limits?: Partial<PackageLimits>
}

export interface InstallResult {
  manifest: SidecarManifest
  directory: string
  replaced: boolean
}

/** A packageId becomes a directory name: reverse-DNS letters, digits, dots, dashes and underscores only. */
const safePackageId = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

/** The staged package's root: the staging directory, or its one top-level folder holding the manifest. */
async function packageRoot(staged: string): Promise<string> {
  if (await exists(join(staged, MANIFEST_FILE))) return staged
  const entries = await readdir(staged, { withFileTypes: true })
  const only = entries.length === 1 ? entries[0] : undefined
  if (only?.isDirectory() && (await exists(join(staged, only.name, MANIFEST_FILE)))) return join(staged, only.name)
  throw new InstallError(`The package has no ${MANIFEST_FILE} at its top (or in its single top-level folder).`)
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}

export async function installPlugin(options: InstallOptions): Promise<InstallResult> {
  const limits = { ...defaultPackageLimits, ...options.limits }
  const info = await stat(options.source).catch(() => {
    throw new InstallError(`${options.source} does not exist.`)
  })
  await mkdir(options.pluginsDir, { recursive: true, mode: 0o700 })
  // Staged inside the plugin directory: the final move is a rename on the same file system.
  const staging = await mkdtemp(join(options.pluginsDir, '.install-'))
  try {
    const staged = join(staging, 'package')
    await mkdir(staged, { mode: 0o700 })
    if (info.isDirectory()) await copyPluginDir(options.source, staged, limits)
    else if (info.isFile() && options.source.toLowerCase().endsWith('.zip'))
      await extractZip(options.source, staged, limits)
    else throw new InstallError(`${options.source} is neither a plugin directory nor a .zip archive.`)

    const root = await packageRoot(staged)
    const checked = await readManifest(root)
    if (!checked.ok) {
      throw new InstallError(
        `The package's ${MANIFEST_FILE} is invalid: ${checked.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
      )
    }
    const { manifest } = checked
    if (!safePackageId.test(manifest.packageId) || manifest.packageId.includes('..')) {
      throw new InstallError(
        `packageId "${manifest.packageId.slice(0, 80)}" cannot name a directory: use letters, digits, dots, dashes and underscores (e.g. dev.example.toy).`,
      )
    }
    if (manifest.transport !== 'http') await resolveExecutable(root, manifest.executable as string)

    const target = join(options.pluginsDir, manifest.packageId)
    const replaced = await exists(target)
    if (replaced && !options.replace) {
      throw new InstallError(`${manifest.packageId} is already installed in ${target}; add --force to replace it.`)
    }
    if (replaced) await rename(target, join(staging, 'previous'))
    await rename(root, target)
    return { manifest, directory: target, replaced }
  } catch (error) {
    if (error instanceof InstallError) throw error
    throw new InstallError((error as Error).message)
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

export interface RemoveOptions {
  pluginsDir: string
  packageId: string
}

/** Removes the installed plugin whose manifest has this packageId; returns its directory. */
export async function removePlugin(options: RemoveOptions): Promise<string> {
  const entries = await readdir(options.pluginsDir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue
    const dir = join(options.pluginsDir, entry.name)
    const checked = await readManifest(dir)
    const packageId = checked.ok ? checked.manifest.packageId : entry.name
    if (packageId === options.packageId || entry.name === options.packageId) {
      await rm(dir, { recursive: true, force: true })
      return dir
    }
  }
  throw new InstallError(`No plugin ${options.packageId} is installed in ${options.pluginsDir}.`)
}
