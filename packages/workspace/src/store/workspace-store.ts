/**
 * One workspace folder as the routes see it: its content, and the writes that change it — saving a request with a
 * revision check, moving, deleting, folder settings, the manifest. Writes run one at a time, are atomic, never go
 * through a symlink, and create only folders whose every segment passed the path check.
 */
import { lstat, mkdir, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { WORKSPACE_FILE_VERSION, WorkbenchError } from '@wirebench/core'
import type { SavedFolder, SavedRequest, WorkspaceManifest } from '@wirebench/core'
import { isNotFound, readRegularFile, removeOrphanedTemps, writeFileAtomic } from '../files/atomic-file.js'
import { createSerialQueue } from '../files/serial-queue.js'
import {
  serializeManifest,
  serializeSavedFolder,
  serializeSavedRequest,
  validateManifest,
  validateSavedFolder,
  validateSavedRequest,
} from './file-format.js'
import { assertNoLiteralSecret } from './auth-secrets.js'
import { createFolderScanner } from './folder-scan.js'
import type { ScannedFolder } from './folder-scan.js'
import {
  FOLDER_FILE,
  JSON_EXTENSION,
  MANIFEST_FILE,
  REQUESTS_DIR,
  folderSegments,
  requestSegments,
} from './request-path.js'
import { MISSING_REVISION, revisionOf } from './revision.js'

export interface ManifestPatch {
  name?: string
  urls?: string[]
  vars?: Record<string, string>
  baseRevision?: string
}

export interface WorkspaceStore {
  readonly dir: string
  /** Creates the folder when missing (not on GET: reads have no side effects) and reads it. */
  open(options?: { create?: boolean }): Promise<ScannedFolder>
  /** What is on disk now; unusable files are reported, never moved nor overwritten. */
  read(): Promise<ScannedFolder>
  /** The latest scan's result (kept current by the folder watcher and every read), without touching the disk. */
  last(): ScannedFolder | undefined
  /** A rescan after an on-disk change. */
  refresh(): Promise<ScannedFolder>
  /**
   * The latest scan when nothing was reported changed since it started (a watcher's `invalidate`, or a write of this
   * store), else a scan: a workspace of thousands of files is not stat'ed again on every read.
   */
  current(): Promise<ScannedFolder>
  /** Marks the latest scan stale: something changed on disk (told by the folder watcher as soon as it sees it). */
  invalidate(): void
  saveRequest(path: string, request: SavedRequest, baseRevision?: string): Promise<{ revision: string }>
  deleteRequest(path: string, baseRevision?: string): Promise<void>
  move(from: string, to: string): Promise<void>
  saveFolder(path: string, folder: SavedFolder): Promise<void>
  updateManifest(patch: ManifestPatch): Promise<{ revision: string }>
}

const tempPrefix = '.wirebench-'
/** Workspace files are meant for git and for colleagues: readable like any source file (they hold no secrets). */
const fileMode = 0o644

function invalid(what: string, reason: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `The ${what} is invalid: ${reason}.`, {
    hint: 'Nothing was saved; fix the field named and save again.',
  })
}

export function createWorkspaceStore(dir: string): WorkspaceStore {
  const scanner = createFolderScanner(dir)
  const queue = createSerialQueue(256)
  // Counts reported changes; a scan is current while no change was reported after it started (a change seen while
  // it ran may have been read before or after, so that scan is not trusted).
  let changes = 0
  let scannedAt = -1
  const scan = async (): Promise<ScannedFolder> => {
    const at = changes
    const scanned = await scanner.scan()
    scannedAt = at
    return scanned
  }
  /** A write counts as a change even when it fails half-way (a folder may have been created). */
  const writing = <T>(task: () => Promise<T>): Promise<T> =>
    queue.run(async () => {
      try {
        return await task()
      } finally {
        changes++
      }
    })

  /** Creates `segments` under the workspace one level at a time, refusing a link or a file on the way. */
  async function ensureFolder(segments: readonly string[]): Promise<string> {
    let current = dir
    for (const segment of segments) {
      current = join(current, segment)
      const info = await lstat(current).catch((error: unknown) => {
        if (isNotFound(error)) return undefined
        throw error
      })
      if (!info) {
        await mkdir(current).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        })
        continue
      }
      if (info.isSymbolicLink() || !info.isDirectory()) {
        throw new WorkbenchError(
          'forbidden',
          `${current.slice(dir.length + 1)} is not a plain folder of the workspace.`,
          {
            hint: 'The workspace never writes through symbolic links; replace the link with a real folder.',
          },
        )
      }
    }
    return current
  }

  async function currentRevision(file: string): Promise<string> {
    try {
      return revisionOf(await readRegularFile(file, 16 * 1024 * 1024))
    } catch (error) {
      if (isNotFound(error)) return MISSING_REVISION
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
        throw new WorkbenchError('forbidden', `${file.slice(dir.length + 1)} is a symbolic link.`, {
          hint: 'The workspace never writes through symbolic links; remove the link and save again.',
        })
      }
      throw error
    }
  }

  function requestFile(path: string): { segments: string[]; folder: string[]; name: string } {
    const segments = requestSegments(path)
    const name = `${segments[segments.length - 1] ?? ''}${JSON_EXTENSION}`
    return { segments, folder: [REQUESTS_DIR, ...segments.slice(0, -1)], name }
  }

  async function write(folder: readonly string[], name: string, content: string): Promise<void> {
    const target = await ensureFolder(folder)
    await writeFileAtomic({ dir: target, name, content, tempPrefix, mode: fileMode })
  }

  function conflict(path: string, exists: boolean): WorkbenchError {
    return exists
      ? new WorkbenchError(
          'conflict',
          `${path} was changed since it was loaded (in another tab, an editor or a git pull).`,
          {
            hint: 'Reload the workspace to see the current version, then apply your change again (or save under another name).',
          },
        )
      : new WorkbenchError('conflict', `${path} exists already.`, {
          hint: 'Choose another name, or open the saved request and save it with its revision to replace it.',
        })
  }

  return {
    dir,
    open: ({ create = true } = {}) =>
      queue.run(async () => {
        const info = await lstat(dir).catch(() => undefined)
        if (!info) {
          if (!create) {
            throw new WorkbenchError('not_found', `The workspace folder ${dir} does not exist (moved or deleted?).`, {
              hint: 'Restore the folder (for example with git clone), or forget the workspace; saving into it creates it again.',
            })
          }
          await mkdir(join(dir, REQUESTS_DIR), { recursive: true })
        } else if (!(await lstat(dir).then((i) => i.isDirectory() || i.isSymbolicLink()))) {
          throw new WorkbenchError('invalid_request', `${dir} is not a folder.`, {
            hint: 'Name a folder (it is created when missing).',
          })
        }
        // Clearing a crashed write's temporary files is a write: not on an open for reading.
        if (create) await removeOrphanedTemps({ dir, tempPrefix, staleMs: 60_000 }).catch(() => undefined)
        return scan()
      }),
    read: () => queue.run(scan),
    last: () => scanner.last(),
    refresh: () => queue.run(scan),
    current: () => {
      const latest = scanner.last()
      return latest && scannedAt === changes ? Promise.resolve(latest) : queue.run(scan)
    },
    invalidate: () => {
      changes++
    },

    saveRequest: (path, request, baseRevision) =>
      writing(async () => {
        const checked = validateSavedRequest(request)
        if (!checked.ok) throw invalid('saved request', checked.reason)
        assertNoLiteralSecret(request.auth, 'saved request')
        const { folder, name } = requestFile(path)
        const file = join(dir, ...folder, name)
        const current = await currentRevision(file)
        const expected = baseRevision ?? MISSING_REVISION
        if (current !== expected) throw conflict(path, baseRevision !== undefined)
        const text = serializeSavedRequest(request)
        await write(folder, name, text)
        return { revision: revisionOf(text) }
      }),

    deleteRequest: (path, baseRevision) =>
      writing(async () => {
        const { folder, name } = requestFile(path)
        const file = join(dir, ...folder, name)
        const current = await currentRevision(file)
        if (current === MISSING_REVISION) throw new WorkbenchError('not_found', `No saved request ${path}.`)
        if (baseRevision !== undefined && baseRevision !== current) throw conflict(path, true)
        await unlink(file)
      }),

    move: (from, to) =>
      writing(async () => {
        if (from === to) return
        const source = requestFile(from)
        const sourceFile = join(dir, ...source.folder, source.name)
        const sourceInfo = await lstat(sourceFile).catch(() => undefined)
        if (sourceInfo?.isFile()) {
          const target = requestFile(to)
          const targetFile = join(dir, ...target.folder, target.name)
          if (await lstat(targetFile).catch(() => undefined)) throw conflict(to, false)
          await ensureFolder(target.folder)
          await rename(sourceFile, targetFile)
          return
        }
        const fromFolder = [REQUESTS_DIR, ...folderSegments(from)]
        const toFolder = [REQUESTS_DIR, ...folderSegments(to)]
        const folderInfo = await lstat(join(dir, ...fromFolder)).catch(() => undefined)
        if (!folderInfo?.isDirectory()) {
          throw new WorkbenchError('not_found', `No saved request or folder ${from}.`, {
            hint: 'Reload the workspace: it may have been moved or deleted elsewhere.',
          })
        }
        if (`${toFolder.join('/')}/`.startsWith(`${fromFolder.join('/')}/`)) {
          throw new WorkbenchError('invalid_request', `A folder cannot move into itself (${from} → ${to}).`)
        }
        if (await lstat(join(dir, ...toFolder)).catch(() => undefined)) throw conflict(to, false)
        await ensureFolder(toFolder.slice(0, -1))
        await rename(join(dir, ...fromFolder), join(dir, ...toFolder))
      }),

    saveFolder: (path, folder) =>
      writing(async () => {
        const checked = validateSavedFolder(folder)
        if (!checked.ok) throw invalid('folder', checked.reason)
        assertNoLiteralSecret(folder.auth, 'folder')
        await write([REQUESTS_DIR, ...folderSegments(path)], FOLDER_FILE, serializeSavedFolder(folder))
      }),

    updateManifest: (patch) =>
      writing(async () => {
        const file = join(dir, MANIFEST_FILE)
        const current = await currentRevision(file)
        if (patch.baseRevision !== undefined && patch.baseRevision !== current) throw conflict(MANIFEST_FILE, true)
        const scanned = await scanner.scan()
        const unusable = scanned.problems.find((problem) => problem.path === MANIFEST_FILE)
        if (unusable) {
          // Writing defaults over it would lose what it holds (a colleague's change mid-merge, a newer format).
          throw new WorkbenchError(
            'conflict',
            `${MANIFEST_FILE} cannot be read, so it was not changed: ${unusable.reason}.`,
            {
              hint: `Fix ${MANIFEST_FILE} (or delete it to start from defaults), then apply the change again.`,
            },
          )
        }
        const next: WorkspaceManifest = {
          ...scanned.manifest,
          version: WORKSPACE_FILE_VERSION,
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.urls !== undefined ? { urls: patch.urls } : {}),
          ...(patch.vars !== undefined ? { vars: patch.vars } : {}),
        }
        const checked = validateManifest(next, next.name)
        if (!checked.ok) throw invalid('workspace manifest', checked.reason)
        const text = serializeManifest(next)
        await write([], MANIFEST_FILE, text)
        return { revision: revisionOf(text) }
      }),
  }
}
