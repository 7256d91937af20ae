/**
 * Reads a workspace folder: `workspace.json`, every `requests/**.json` and `folder.json`. Files are read without
 * following symlinks (a link could point anywhere on the machine), parsed only when their size, mtime or inode
 * changed since the last scan, and validated; what fails is reported with its path, reason and what to do, and left
 * where it is: a scan never moves a file, because a file that fails may be mid-merge in git (conflict markers) or
 * written by a newer Wirebench, and moving it would break the merge or lose a colleague's work. Copies an older
 * Wirebench set aside (`<name>.corrupt-<time>.json`) are still reported.
 */
import { lstat, readdir } from 'node:fs/promises'
import type { Dirent, Stats } from 'node:fs'
import { basename, join } from 'node:path'
import type { SavedFolderEntry, SavedRequestEntry, WorkspaceFileProblem, WorkspaceManifest } from '@wirebench/core'
import { WORKSPACE_FILE_VERSION } from '@wirebench/core'
import { ASIDE_MARKER, isNotFound, readRegularFile } from '../files/atomic-file.js'
import { validateManifest, validateSavedFolder, validateSavedRequest } from './file-format.js'
import type { Validated } from './file-format.js'
import { FOLDER_FILE, JSON_EXTENSION, MANIFEST_FILE, REQUESTS_DIR, isSafeSegment } from './request-path.js'
import { MISSING_REVISION, revisionOf } from './revision.js'

export interface ScannedFolder {
  manifest: WorkspaceManifest
  manifestRevision: string
  folders: SavedFolderEntry[]
  requests: SavedRequestEntry[]
  problems: WorkspaceFileProblem[]
  /** Changes whenever anything above changes. */
  revision: string
}

interface CachedFile {
  stamp: string
  revision: string
  result: Validated<unknown>
}

/** A hand-made file larger than this is not read (a saved request is a few KiB; a big body may take some MiB). */
const maxFileBytes = 16 * 1024 * 1024
const maxFiles = 50_000
/** Enough reads in flight to keep libuv's thread pool busy, few enough to leave descriptors for the server. */
const readConcurrency = 32

async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await map(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

function stampOf(info: Stats): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}`
}

export interface FolderScanner {
  scan(): Promise<ScannedFolder>
  /** The result of the latest scan, if any: what a summary shows without reading the folder again. */
  last(): ScannedFolder | undefined
}

/** Why a file that is not valid JSON failed, in words that say what to do. */
function unparsableReason(text: string): string {
  if (/^<{7} /m.test(text) && /^>{7} /m.test(text)) {
    return 'it holds git merge-conflict markers (<<<<<<< … >>>>>>>): resolve the conflict in an editor, then commit'
  }
  return 'it is not valid JSON: fix it in an editor (or restore it from git)'
}

/** A file from a newer Wirebench is reported as such instead of as invalid: updating Wirebench is the fix. */
function newerVersionReason(json: unknown): string | undefined {
  const version = (json as { version?: unknown } | null)?.version
  if (typeof version !== 'number' || version <= WORKSPACE_FILE_VERSION) return undefined
  return `it was written by a newer Wirebench (file version ${version}, this one reads ${WORKSPACE_FILE_VERSION}): update Wirebench to open it`
}

export function createFolderScanner(dir: string): FolderScanner {
  const cache = new Map<string, CachedFile>()
  let latest: ScannedFolder | undefined

  async function readValidated(
    relPath: string,
    info: Stats,
    validate: (json: unknown) => Validated<unknown>,
  ): Promise<{ revision: string; result: Validated<unknown> }> {
    const stamp = stampOf(info)
    const cached = cache.get(relPath)
    if (cached?.stamp === stamp) return cached
    let bytes: Buffer
    try {
      bytes = await readRegularFile(join(dir, relPath), maxFileBytes)
    } catch (error) {
      return { revision: 'unreadable', result: { ok: false, reason: (error as Error).message.replace(dir, '') } }
    }
    const revision = revisionOf(bytes)
    const text = bytes.toString('utf8')
    let result: Validated<unknown>
    try {
      const json = JSON.parse(text) as unknown
      const newer = newerVersionReason(json)
      result = newer === undefined ? validate(json) : { ok: false, reason: newer }
    } catch {
      result = { ok: false, reason: unparsableReason(text) }
    }
    const entry = { stamp, revision, result }
    cache.set(relPath, entry)
    return entry
  }

  return {
    last: () => latest,
    async scan() {
      const problems: WorkspaceFileProblem[] = []
      const requests: SavedRequestEntry[] = []
      const folders: SavedFolderEntry[] = []
      const seen = new Set<string>()
      let fileCount = 0

      function reportInvalid(relDir: string, name: string, reason: string): void {
        problems.push({ path: relDir === '' ? name : `${relDir}/${name}`, reason })
      }

      // Manifest: missing means defaults (a folder holding only requests/ is a workspace).
      let manifest: WorkspaceManifest = { version: WORKSPACE_FILE_VERSION, name: basename(dir) }
      let manifestRevision = MISSING_REVISION
      const manifestInfo = await lstat(join(dir, MANIFEST_FILE)).catch((error: unknown) => {
        if (isNotFound(error)) return undefined
        throw error
      })
      if (manifestInfo) {
        seen.add(MANIFEST_FILE)
        const read = await readValidated(MANIFEST_FILE, manifestInfo, (json) => validateManifest(json, basename(dir)))
        if (read.result.ok) {
          manifest = read.result.value as WorkspaceManifest
          manifestRevision = read.revision
        } else if (manifestInfo.isSymbolicLink()) {
          problems.push({ path: MANIFEST_FILE, reason: 'it is a symbolic link, which the workspace never follows' })
        } else {
          reportInvalid('', MANIFEST_FILE, read.result.reason)
        }
      }

      async function walk(relDir: string, depth: number): Promise<void> {
        const absolute = join(dir, relDir)
        let entries
        try {
          entries = await readdir(absolute, { withFileTypes: true })
        } catch (error) {
          if (isNotFound(error)) return
          throw error
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        const folderPath = relDir === REQUESTS_DIR ? '' : relDir.slice(REQUESTS_DIR.length + 1)
        // A folder's files are stat'ed and read together (thousands one after another took seconds on a cold cache);
        // the results are then taken in name order, so what the scan returns does not depend on which read ended first.
        const isReadable = (entry: Dirent) =>
          !entry.name.startsWith('.') &&
          !entry.name.includes(ASIDE_MARKER) &&
          entry.isFile() &&
          entry.name.endsWith(JSON_EXTENSION) &&
          (entry.name === FOLDER_FILE || isSafeSegment(entry.name.slice(0, -JSON_EXTENSION.length)))
        const readable = entries.filter(isReadable).slice(0, Math.max(0, maxFiles - fileCount))
        const reads = new Map(
          await mapLimited(readable, readConcurrency, async (entry) => {
            const relPath = `${relDir}/${entry.name}`
            const info = await lstat(join(dir, relPath))
            const validate = entry.name === FOLDER_FILE ? validateSavedFolder : validateSavedRequest
            return [entry.name, await readValidated(relPath, info, validate)] as const
          }),
        )
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue
          const relPath = `${relDir}/${entry.name}`
          if (entry.name.includes(ASIDE_MARKER)) {
            const original = entry.name.replace(/\.corrupt-[^.]*(\.json)?$/, '$1')
            problems.push({
              path: `${relDir}/${original}`,
              reason: 'it failed validation earlier and was moved aside: fix or delete the copy',
              keptAs: relPath,
            })
            continue
          }
          if (entry.isSymbolicLink()) {
            problems.push({ path: relPath, reason: 'it is a symbolic link, which the workspace never follows' })
            continue
          }
          if (entry.isDirectory()) {
            if (!isSafeSegment(entry.name) || depth >= 8) {
              problems.push({ path: relPath, reason: 'the folder name is outside the allowed characters or too deep' })
              continue
            }
            await walk(relPath, depth + 1)
            continue
          }
          if (!entry.isFile() || !entry.name.endsWith(JSON_EXTENSION)) continue
          if (++fileCount > maxFiles) {
            problems.push({
              path: relPath,
              reason: `the workspace holds more than ${maxFiles} files; the rest is not read`,
            })
            return
          }
          seen.add(relPath)
          const stem = entry.name.slice(0, -JSON_EXTENSION.length)
          const read = reads.get(entry.name)
          if (entry.name === FOLDER_FILE) {
            if (!read) continue
            if (read.result.ok)
              folders.push({ path: folderPath, folder: read.result.value as SavedFolderEntry['folder'] })
            else reportInvalid(relDir, entry.name, read.result.reason)
            continue
          }
          if (!read) {
            problems.push({ path: relPath, reason: 'the file name is outside the allowed characters; rename it' })
            continue
          }
          if (read.result.ok) {
            requests.push({
              path: folderPath === '' ? stem : `${folderPath}/${stem}`,
              revision: read.revision,
              request: read.result.value as SavedRequestEntry['request'],
            })
          } else {
            reportInvalid(relDir, entry.name, read.result.reason)
          }
        }
      }

      const requestsInfo = await lstat(join(dir, REQUESTS_DIR)).catch(() => undefined)
      if (requestsInfo?.isSymbolicLink()) {
        problems.push({ path: REQUESTS_DIR, reason: 'it is a symbolic link, which the workspace never follows' })
      } else if (requestsInfo?.isDirectory()) {
        await walk(REQUESTS_DIR, 1)
      }
      for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key)

      const fingerprint = [
        manifestRevision,
        ...folders.map((f) => `${f.path}:${JSON.stringify(f.folder)}`),
        ...requests.map((r) => `${r.path}:${r.revision}`),
        ...problems.map((p) => `!${p.path}:${p.keptAs ?? ''}`),
      ].join('\n')
      latest = { manifest, manifestRevision, folders, requests, problems, revision: revisionOf(fingerprint) }
      return latest
    },
  }
}
