/**
 * Copies a plugin directory into a staging directory, checking every entry first: a symbolic link is followed only to
 * a file inside the package (copied as a file), a hard-linked file must have all its links inside the package, special
 * files are refused, and the entry count and sizes are capped. Nothing is written before the whole tree has passed.
 */
import { copyFile, chmod, lstat, mkdir, readdir, realpath, stat } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { InstallError } from './limits.js'
import type { PackageLimits } from './limits.js'

interface PlannedFile {
  from: string
  to: string
  executable: boolean
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

export async function copyPluginDir(source: string, target: string, limits: PackageLimits): Promise<void> {
  const root = await realpath(source)
  const dirs: string[] = []
  const files: PlannedFile[] = []
  // Hard links: an inode seen fewer times in the tree than it has links has a link outside.
  const inodes = new Map<string, { links: number; seen: number; path: string }>()
  let total = 0

  const plan = async (dir: string, rel: string) => {
    for (const entry of await readdir(dir)) {
      if (dirs.length + files.length >= limits.maxEntries) {
        throw new InstallError(`The package has more than ${limits.maxEntries} entries.`)
      }
      const path = join(dir, entry)
      const relPath = rel === '' ? entry : `${rel}/${entry}`
      let info: Stats = await lstat(path)
      let from = path
      if (info.isSymbolicLink()) {
        const resolved = await realpath(path).catch(() => undefined)
        if (resolved === undefined || !isInside(root, resolved)) {
          throw new InstallError(`"${relPath}" is a symbolic link to ${resolved ?? 'nothing'}, outside the package.`)
        }
        info = await stat(resolved)
        if (!info.isFile())
          throw new InstallError(`"${relPath}" is a symbolic link to a directory; links are not installed.`)
        from = resolved
      }
      if (info.isDirectory()) {
        dirs.push(join(target, relPath))
        await plan(path, relPath)
        continue
      }
      if (!info.isFile()) throw new InstallError(`"${relPath}" is not a file or a directory.`)
      if (info.size > limits.maxFileBytes) {
        throw new InstallError(
          `"${relPath}" holds ${info.size} bytes; one file may hold at most ${limits.maxFileBytes}.`,
        )
      }
      total += info.size
      if (total > limits.maxTotalBytes)
        throw new InstallError(`The package holds more than ${limits.maxTotalBytes} bytes.`)
      if (info.nlink > 1 && from === path) {
        const key = `${info.dev}:${info.ino}`
        const known = inodes.get(key) ?? { links: info.nlink, seen: 0, path: relPath }
        known.seen++
        inodes.set(key, known)
      }
      files.push({ from, to: join(target, relPath), executable: (info.mode & 0o111) !== 0 })
    }
  }

  await plan(root, '')
  for (const inode of inodes.values()) {
    if (inode.seen < inode.links) {
      throw new InstallError(`"${inode.path}" is a hard link to a file outside the package; it is not installed.`)
    }
  }
  for (const dir of dirs) await mkdir(dir, { recursive: true, mode: 0o700 })
  for (const file of files) {
    await mkdir(dirname(file.to), { recursive: true, mode: 0o700 })
    await copyFile(file.from, file.to)
    await chmod(file.to, file.executable ? 0o700 : 0o600)
  }
}
