/**
 * Uploaded schema files under `{configDir}/uploads`: a 0700 directory of 0600 files, written atomically
 * (temp file, fsync, rename) and never read or written through a symlink.
 */
import { constants } from 'node:fs'
import { chmod, lstat, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'

export interface StoredFile {
  name: string
  sizeBytes: number
  modifiedAt: Date
}

export interface UploadStore {
  readonly dir: string
  init(): Promise<void>
  list(): Promise<StoredFile[]>
  /** Files moved aside by `quarantine`, kept until the user deletes them. */
  listAside(): Promise<StoredFile[]>
  read(name: string): Promise<Uint8Array>
  write(name: string, content: Uint8Array): Promise<StoredFile>
  remove(name: string): Promise<boolean>
  /** Moves a file aside to `<name>.corrupt-<timestamp>` and returns the new name. */
  quarantine(name: string): Promise<string>
}

const tempPrefix = '.upload-'
const asideMarker = '.corrupt-'

/** True for `<name>.corrupt-<timestamp>`, the spelling `quarantine` gives files it moves aside. */
export function isAsideName(name: string): boolean {
  return name.includes(asideMarker) && !name.startsWith('.')
}

/** `allowLink`: the config dir itself may be a user's symlink (dotfiles); the folders we create inside may not. */
async function ensurePrivateDir(dir: string, allowLink: boolean): Promise<void> {
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
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}

export function createUploadStore(configDir: string): UploadStore {
  const dir = join(configDir, 'uploads')

  async function regularFile(name: string): Promise<StoredFile | undefined> {
    try {
      const info = await lstat(join(dir, name))
      if (!info.isFile()) return undefined
      return { name, sizeBytes: info.size, modifiedAt: info.mtime }
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  return {
    dir,
    async init() {
      await ensurePrivateDir(configDir, true)
      await ensurePrivateDir(dir, false)
    },
    async list() {
      const names = (await readdir(dir)).filter((n) => !n.startsWith('.') && !isAsideName(n)).sort()
      const files = await Promise.all(names.map(regularFile))
      return files.filter((f): f is StoredFile => f !== undefined)
    },
    async listAside() {
      const files = await Promise.all((await readdir(dir)).filter(isAsideName).sort().map(regularFile))
      return files.filter((f): f is StoredFile => f !== undefined)
    },
    async read(name) {
      // O_NOFOLLOW: a symlink planted in the uploads dir is refused instead of read.
      const handle = await open(join(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW)
      try {
        return await handle.readFile()
      } finally {
        await handle.close()
      }
    },
    async write(name, content) {
      const temp = join(dir, `${tempPrefix}${randomBytes(8).toString('hex')}`)
      const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
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
        // rename replaces a symlink at the destination rather than writing through it.
        await rename(temp, join(dir, name))
      } catch (error) {
        await unlink(temp).catch(() => undefined)
        throw error
      }
      await syncDir(dir)
      return { name, sizeBytes: content.byteLength, modifiedAt: new Date() }
    },
    async remove(name) {
      const file = await regularFile(name)
      if (!file) return false
      await unlink(join(dir, name))
      return true
    },
    async quarantine(name) {
      const aside = `${name}${asideMarker}${new Date().toISOString().replace(/[:.]/g, '-')}`
      await rename(join(dir, name), join(dir, aside))
      await syncDir(dir)
      return aside
    },
  }
}
