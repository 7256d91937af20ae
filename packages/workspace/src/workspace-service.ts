/**
 * The workspaces of one workbench: the registry, a store and a watcher per opened folder, and a history per
 * workspace. What the server's routes and the call recorder talk to; it owns no HTTP.
 */
import { lstat } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import { WorkbenchError } from '@wirebench/core'
import type {
  CreateWorkspaceRequest,
  UpdateWorkspaceRequest,
  WorkspaceContent,
  WorkspaceListResponse,
  WorkspaceSummary,
} from '@wirebench/core'
import { createHistoryStore, defaultHistoryLimits } from './history/history-store.js'
import type { HistoryBuilder, HistoryLimits, HistoryStore } from './history/history-store.js'
import { DEFAULT_WORKSPACE_ID, createWorkspaceRegistry } from './registry/workspace-registry.js'
import type { WorkspaceRecord } from './registry/workspace-registry.js'
import { MANIFEST_FILE, REQUESTS_DIR } from './store/request-path.js'
import { deleteOwnedFiles } from './store/owned-files.js'
import { createWorkspaceStore } from './store/workspace-store.js'
import type { WorkspaceStore } from './store/workspace-store.js'
import { watchFolder } from './watch/folder-watcher.js'
import type { FolderWatcher } from './watch/folder-watcher.js'

export type WorkspaceChangeListener = (workspace: string, revision: string) => void

export interface WorkspaceServiceOptions {
  configDir: string
  historyLimits?: HistoryLimits
  /** Off in tests that do not need it; on by default. */
  watch?: boolean
  watchDebounceMs?: number
}

export interface WorkspaceService {
  /** Opens the active workspace (and the default one), creating their folders when missing. */
  init(): Promise<void>
  list(): Promise<WorkspaceListResponse>
  create(input: CreateWorkspaceRequest): Promise<WorkspaceSummary>
  update(id: string, patch: UpdateWorkspaceRequest): Promise<{ revision: string }>
  forget(id: string, deleteFiles: boolean): Promise<void>
  activate(id: string): Promise<void>
  /** The id of the active workspace as last read (synchronous: the recorder asks on the call path). */
  activeId(): string
  content(id: string): Promise<WorkspaceContent>
  store(id: string): Promise<WorkspaceStore>
  history(id: string): Promise<HistoryStore>
  /** Queues a history entry of a known workspace; unknown ids are ignored (the call itself already happened). */
  record(id: string, build: HistoryBuilder): void
  onChange(listener: WorkspaceChangeListener): () => void
  /** Told once recorded entries are written (at most every `historyAnnounceMs` per workspace). */
  onHistoryChange(listener: (id: string) => void): () => void
  close(): Promise<void>
}

/** Entries recorded within this window are written and announced together: a burst of calls is one announcement. */
const historyAnnounceMs = 100

interface Opened {
  record: WorkspaceRecord
  store: WorkspaceStore
  watcher?: FolderWatcher
  revision: string
}

export function createWorkspaceService(options: WorkspaceServiceOptions): WorkspaceService {
  const { configDir } = options
  const registry = createWorkspaceRegistry(configDir)
  const opened = new Map<string, Promise<Opened>>()
  const histories = new Map<string, HistoryStore>()
  const listeners = new Set<WorkspaceChangeListener>()
  const historyListeners = new Set<(id: string) => void>()
  const historyTimers = new Map<string, NodeJS.Timeout>()
  let known = new Set<string>([DEFAULT_WORKSPACE_ID])
  let active = DEFAULT_WORKSPACE_ID

  function emit(id: string, revision: string): void {
    for (const listener of listeners) listener(id, revision)
  }

  async function recordOf(id: string): Promise<WorkspaceRecord> {
    const document = await registry.load()
    known = new Set(document.workspaces.map((w) => w.id))
    active = document.activeId
    const record = document.workspaces.find((w) => w.id === id)
    if (!record) {
      throw new WorkbenchError('not_found', `No workspace with id "${id}".`, {
        hint: 'List the workspaces (GET /api/workspaces) and use one of their ids.',
      })
    }
    return record
  }

  /**
   * Opens a workspace once (store and watcher). Only a write (`create`) creates a missing folder: a read reports it
   * missing, so a GET never recreates a folder the user deleted.
   */
  function open(record: WorkspaceRecord, create = false): Promise<Opened> {
    const existing = opened.get(record.id)
    if (existing) return existing
    const opening = (async () => {
      const store = createWorkspaceStore(record.dir)
      const scanned = await store.open({ create })
      const entry: Opened = { record, store, revision: scanned.revision }
      if (options.watch !== false) {
        entry.watcher = watchFolder({
          dir: record.dir,
          ...(options.watchDebounceMs !== undefined ? { debounceMs: options.watchDebounceMs } : {}),
          onEvent: () => store.invalidate(),
          onChange: () => {
            store.refresh().then(
              (next) => {
                if (next.revision === entry.revision) return
                entry.revision = next.revision
                emit(record.id, next.revision)
              },
              () => undefined,
            )
          },
        })
      }
      return entry
    })()
    opened.set(record.id, opening)
    opening.catch(() => opened.delete(record.id))
    return opening
  }

  async function openById(id: string, create = false): Promise<Opened> {
    return open(await recordOf(id), create)
  }

  /** Writes through the API change the revision too: tabs other than the writer's learn it the same way. */
  async function afterWrite(id: string): Promise<void> {
    const entry = await openById(id)
    const next = await entry.store.read()
    if (next.revision === entry.revision) return
    entry.revision = next.revision
    emit(id, next.revision)
  }

  async function summaryOf(record: WorkspaceRecord): Promise<WorkspaceSummary> {
    try {
      // The list is read on every page load: a workspace of thousands of files is not scanned again just to count.
      const { store } = await open(record)
      const scanned = store.last() ?? (await store.read())
      return {
        id: record.id,
        name: record.name,
        dir: record.dir,
        requestCount: scanned.requests.length,
        problemCount: scanned.problems.length,
      }
    } catch {
      return { id: record.id, name: record.name, dir: record.dir, requestCount: 0, problemCount: 1 }
    }
  }

  function historyOf(id: string): HistoryStore {
    let history = histories.get(id)
    if (!history) {
      history = createHistoryStore(join(configDir, 'history', id), options.historyLimits ?? defaultHistoryLimits)
      histories.set(id, history)
    }
    return history
  }

  const service: WorkspaceService = {
    async init() {
      const document = await registry.load()
      known = new Set(document.workspaces.map((w) => w.id))
      active = document.activeId
      for (const record of document.workspaces) {
        if (record.id === DEFAULT_WORKSPACE_ID || record.id === active) {
          // The default workspace lives in the config dir and is made at start; another folder must exist already.
          await open(record, record.id === DEFAULT_WORKSPACE_ID).catch(() => undefined)
        }
      }
    },
    async list() {
      const document = await registry.load()
      known = new Set(document.workspaces.map((w) => w.id))
      active = document.activeId
      return { workspaces: await Promise.all(document.workspaces.map(summaryOf)), activeId: document.activeId }
    },
    async create(input) {
      if (typeof input.name !== 'string' || input.name.trim() === '') {
        throw new WorkbenchError('invalid_request', 'A workspace needs a name.', { hint: 'Send {"name": "…"}.' })
      }
      if (input.dir !== undefined && !isAbsolute(input.dir)) {
        throw new WorkbenchError('invalid_request', `The workspace folder "${input.dir}" is not an absolute path.`, {
          hint: 'Name the folder from the root (/home/me/project/api-requests); it is created when missing.',
        })
      }
      const record = await registry.add(input.name.trim(), input.dir)
      const entry = await open(record, true)
      const hasManifest = await lstat(join(record.dir, MANIFEST_FILE)).then(
        () => true,
        () => false,
      )
      if (!hasManifest) await entry.store.updateManifest({ name: record.name })
      known.add(record.id)
      return summaryOf(record)
    },
    async update(id, patch) {
      const entry = await openById(id, true)
      if (patch.name !== undefined) {
        if (patch.name.trim() === '') throw new WorkbenchError('invalid_request', 'A workspace name cannot be empty.')
        entry.record = await registry.rename(id, patch.name.trim())
      }
      const result = await entry.store.updateManifest({
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.urls !== undefined ? { urls: patch.urls } : {}),
        ...(patch.vars !== undefined ? { vars: patch.vars } : {}),
        ...(patch.baseRevision !== undefined ? { baseRevision: patch.baseRevision } : {}),
      })
      await afterWrite(id)
      return result
    },
    async forget(id, deleteFiles) {
      const record = await recordOf(id)
      if (deleteFiles && id !== DEFAULT_WORKSPACE_ID) {
        // Only a folder that looks like a workspace is removed: a mistyped folder holding something else stays.
        const looksLikeWorkspace = await Promise.any([
          lstat(join(record.dir, MANIFEST_FILE)),
          lstat(join(record.dir, REQUESTS_DIR)),
        ]).then(
          () => true,
          () => false,
        )
        if (!looksLikeWorkspace) {
          throw new WorkbenchError(
            'invalid_request',
            `${record.dir} does not look like a workspace folder; nothing was deleted.`,
            {
              hint: 'Forget the workspace without deleting files, and remove the folder yourself if you mean to.',
            },
          )
        }
      }
      await registry.forget(id)
      const entry = await opened.get(id)?.catch(() => undefined)
      await entry?.watcher?.close()
      opened.delete(id)
      known.delete(id)
      if (deleteFiles) {
        await deleteOwnedFiles(record.dir)
        await historyOf(id).clear()
        histories.delete(id)
      }
    },
    async activate(id) {
      await registry.activate(id)
      active = id
      await openById(id, true)
    },
    activeId: () => active,
    async content(id) {
      const entry = await openById(id)
      // While the watcher reports every change, the last scan is the folder's content (changed files are read again
      // when it reports them); without one (off, not ready yet, failed) the folder is read on every call.
      const scanned = entry.watcher?.isWatching() ? await entry.store.current() : await entry.store.read()
      return {
        id,
        name: entry.record.name,
        dir: entry.record.dir,
        urls: scanned.manifest.urls ?? [],
        vars: scanned.manifest.vars ?? {},
        revision: scanned.manifestRevision,
        folders: scanned.folders,
        requests: scanned.requests,
        problems: scanned.problems,
      }
    },
    async store(id) {
      const entry = await openById(id, true)
      // Writes through the store announce themselves like on-disk changes do.
      const store = entry.store
      const announce = <T>(result: Promise<T>): Promise<T> =>
        result.then(async (value) => {
          await afterWrite(id).catch(() => undefined)
          return value
        })
      return {
        ...store,
        saveRequest: (...args) => announce(store.saveRequest(...args)),
        deleteRequest: (...args) => announce(store.deleteRequest(...args)),
        move: (...args) => announce(store.move(...args)),
        saveFolder: (...args) => announce(store.saveFolder(...args)),
        updateManifest: (...args) => announce(store.updateManifest(...args)),
      }
    },
    async history(id) {
      await recordOf(id)
      return historyOf(id)
    },
    record(id, build) {
      if (!known.has(id)) return
      const history = historyOf(id)
      history.append(build)
      if (historyListeners.size === 0 || historyTimers.has(id)) return
      const timer = setTimeout(() => {
        historyTimers.delete(id)
        history.flush().then(
          () => {
            for (const listener of historyListeners) listener(id)
          },
          () => undefined,
        )
      }, historyAnnounceMs)
      timer.unref()
      historyTimers.set(id, timer)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onHistoryChange(listener) {
      historyListeners.add(listener)
      return () => historyListeners.delete(listener)
    },
    async close() {
      for (const timer of historyTimers.values()) clearTimeout(timer)
      historyTimers.clear()
      for (const history of histories.values()) await history.flush().catch(() => undefined)
      for (const entry of opened.values()) {
        const value = await entry.catch(() => undefined)
        await value?.watcher?.close()
      }
      opened.clear()
    },
  }
  return service
}
