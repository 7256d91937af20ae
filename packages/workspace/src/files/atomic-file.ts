/**
 * Private files under the config dir (SECURITY.md): 0700 folders, 0600 files written atomically (temp file in the same
 * folder, fsync, rename, fsync of the folder), never read or written through a symlink, moved aside when unusable.
 */
import { constants } from 'node:fs'
import { chmod, lstat, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'

/** The spelling of a file moved aside: `<name>.corrupt-<timestamp>`. */
export const ASIDE_MARKER = '.corrupt-'

/** `allowLink`: the config dir itself may be a user's symlink (dotfiles); the folders we create inside may not. */
export async function ensurePrivateDir(dir: string, allowLink: boolean): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const info = allowLink ? await stat(dir) : await lstat(dir)
  if (info.isSymbolicLink() || !info.isDirectory()) {
    throw new WorkbenchError('forbidden', `${dir} must be a directory, not a link.`, {
      hint: 'Remove the link (or the file) and start again; the workbench creates the folder itself.',
    })
  }
  if ((info.mode & 0o777) !== 0o700) await chmod(dir, 0o700)
}

/** Makes a rename durable: the directory entry itself must reach the disk, not only the file's bytes. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}

/** ELOOP is what O_NOFOLLOW answers when the last path component is a symlink. */
export function isSymlinkRefusal(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ELOOP'
}

export interface AtomicWriteOptions {
  dir: string
  name: string
  content: string | Uint8Array
  /** Prefix of the temp file (a dot name, so listings skip it). */
  tempPrefix: string
  /** File mode; 0600 unless the file is meant to be shared (a workspace folder in git holds no secrets). */
  mode?: number
}

/** Temp files this process is writing right now: a sweep leaves them alone. */
const tempsInFlight = new Set<string>()

/**
 * Writes `dir/name` so that a reader (or a crash) sees either the old file or the new one whole. The temp file is
 * created with O_EXCL (never through a planted link) and mode 0600; rename replaces a link at the destination rather
 * than writing through it.
 */
export async function writeFileAtomic(options: AtomicWriteOptions): Promise<void> {
  const { dir, name, content, tempPrefix } = options
  const mode = options.mode ?? 0o600
  // The writer's pid in the name tells a later sweep whether the file may still be in use.
  const temp = join(dir, `${tempPrefix}${process.pid}-${randomBytes(8).toString('hex')}`)
  tempsInFlight.add(temp)
  try {
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode)
    try {
      await handle.writeFile(content)
      await handle.sync()
    } catch (error) {
      await handle.close()
      await unlink(temp).catch(() => undefined)
      throw error
    }
    await handle.close()
    try {
      await rename(temp, join(dir, name))
    } catch (error) {
      await unlink(temp).catch(() => undefined)
      throw error
    }
  } finally {
    tempsInFlight.delete(temp)
  }
  await syncDir(dir)
}

/**
 * Reads a regular file without following a symlink (ELOOP) and without blocking on a FIFO; `maxBytes` bounds what a
 * hand-edited file may make us hold in memory.
 */
export async function readRegularFile(path: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const info = await handle.stat()
    if (!info.isFile()) {
      throw new WorkbenchError('storage_corrupt', `${path} is not a regular file.`)
    }
    if (info.size > maxBytes) {
      throw new WorkbenchError('storage_corrupt', `${path} is larger than ${maxBytes} bytes.`)
    }
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}

/**
 * Takes the group and other bits off an existing file: one made by hand (0644) holds secrets as much as ours do. The
 * mode is changed through a descriptor opened without following a link, so a planted link never loosens or tightens
 * its target; a missing file or a link is left alone (reads refuse the link).
 */
export async function tightenPrivateFile(path: string): Promise<void> {
  let handle: FileHandle
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (error) {
    if (isNotFound(error) || isSymlinkRefusal(error)) return
    throw error
  }
  try {
    const info = await handle.stat()
    // Only bits are taken away: a read-only 0400 file stays read-only.
    if (info.isFile() && (info.mode & 0o077) !== 0) await handle.chmod(info.mode & 0o700)
  } finally {
    await handle.close()
  }
}

/**
 * Moves `dir/name` aside to `<name>.corrupt-<timestamp>` (kept for the user) and returns the new name; `extension`
 * (`.json`) goes after the marker instead, so an editor still opens the copy as what it is.
 */
export async function moveAside(dir: string, name: string, extension = ''): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const base = extension !== '' && name.endsWith(extension) ? name.slice(0, -extension.length) : name
  const aside = `${base}${ASIDE_MARKER}${stamp}${extension}`
  await rename(join(dir, name), join(dir, aside))
  await syncDir(dir)
  return aside
}

/** False only when no process has this id (EPERM means one exists, owned by someone else). */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

export interface OrphanSweepOptions {
  dir: string
  tempPrefix: string
  /** A temp file older than this is an orphan whoever wrote it (no write takes that long; pids get reused). */
  staleMs: number
}

/**
 * Removes temp files `writeFileAtomic` left behind (a writer killed between create and rename, a failed clean-up):
 * those of a process that is gone, this process's own that are not being written, and any older than `staleMs`. A
 * fresh one of another live process is kept: it may be saving into the same folder right now.
 */
export async function removeOrphanedTemps(options: OrphanSweepOptions): Promise<void> {
  const { dir, tempPrefix } = options
  const cutoff = Date.now() - options.staleMs
  for (const name of await readdir(dir)) {
    if (!name.startsWith(tempPrefix)) continue
    const file = join(dir, name)
    const info = await lstat(file).catch(() => undefined)
    if (!info?.isFile() || tempsInFlight.has(file)) continue
    const pid = /^(\d+)-[0-9a-f]+$/.exec(name.slice(tempPrefix.length))?.[1]
    const writer = pid === undefined ? undefined : Number(pid)
    const isOrphan =
      info.mtimeMs < cutoff || (writer !== undefined && (writer === process.pid || !isProcessAlive(writer)))
    if (isOrphan) await unlink(file).catch(() => undefined)
  }
}
