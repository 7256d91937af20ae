/**
 * Uploaded schema files under `{configDir}/uploads`: a 0700 directory of 0600 files, written atomically
 * (temp file, fsync, rename) and never read or written through a symlink.
 */
import { lstat, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { defaultLimits } from '../options.js'
import {
  ASIDE_MARKER,
  ensurePrivateDir,
  isNotFound,
  moveAside,
  readRegularFile,
  writeFileAtomic,
} from '@wirebench/workspace'

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

/** True for `<name>.corrupt-<timestamp>`, the spelling `quarantine` gives files it moves aside. */
export function isAsideName(name: string): boolean {
  return name.includes(ASIDE_MARKER) && !name.startsWith('.')
}

export interface UploadStoreOptions {
  /** Largest file `read` loads: the upload limit, so a file edited on disk cannot make us hold more. */
  maxFileBytes?: number
}

export function createUploadStore(configDir: string, options: UploadStoreOptions = {}): UploadStore {
  const dir = join(configDir, 'uploads')
  const maxFileBytes = options.maxFileBytes ?? defaultLimits.uploadBytes

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
    // A planted symlink is refused, a FIFO never blocks a thread, and a file grown past the upload limit is not read.
    read: (name) => readRegularFile(join(dir, name), maxFileBytes),
    async write(name, content) {
      await writeFileAtomic({ dir, name, content, tempPrefix })
      return { name, sizeBytes: content.byteLength, modifiedAt: new Date() }
    },
    async remove(name) {
      const file = await regularFile(name)
      if (!file) return false
      await unlink(join(dir, name))
      return true
    },
    quarantine: (name) => moveAside(dir, name),
  }
}
