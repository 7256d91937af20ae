/** Workspaces on disk (Node-side): saved requests in a git-friendly folder, the registry, the watcher and history. */
export {
  ASIDE_MARKER,
  ensurePrivateDir,
  isNotFound,
  isSymlinkRefusal,
  moveAside,
  readRegularFile,
  removeOrphanedTemps,
  syncDir,
  tightenPrivateFile,
  writeFileAtomic,
} from './files/atomic-file.js'
export type { AtomicWriteOptions, OrphanSweepOptions } from './files/atomic-file.js'
export { createSerialQueue } from './files/serial-queue.js'
export type { SerialQueue } from './files/serial-queue.js'
export {
  serializeManifest,
  serializeSavedFolder,
  serializeSavedRequest,
  validateManifest,
  validateSavedFolder,
  validateSavedRequest,
} from './store/file-format.js'
export type { Validated } from './store/file-format.js'
export { MANIFEST_FILE, REQUESTS_DIR, folderSegments, requestSegments } from './store/request-path.js'
export { MISSING_REVISION, revisionOf } from './store/revision.js'
export { createWorkspaceStore } from './store/workspace-store.js'
export type { ManifestPatch, WorkspaceStore } from './store/workspace-store.js'
export type { ScannedFolder } from './store/folder-scan.js'
export { DEFAULT_WORKSPACE_ID, REGISTRY_FILE, createWorkspaceRegistry } from './registry/workspace-registry.js'
export type { RegistryDocument, WorkspaceRecord, WorkspaceRegistry } from './registry/workspace-registry.js'
export { createHistoryStore, defaultHistoryLimits } from './history/history-store.js'
export type {
  HistoryBuilder,
  HistoryDraft,
  HistoryLimits,
  HistoryQuery,
  HistoryStore,
} from './history/history-store.js'
export { watchFolder } from './watch/folder-watcher.js'
export type { FolderWatcher, FolderWatcherOptions } from './watch/folder-watcher.js'
export { createWorkspaceService } from './workspace-service.js'
export type { WorkspaceChangeListener, WorkspaceService, WorkspaceServiceOptions } from './workspace-service.js'
export { saveBatch, toSafeSegment } from './store/save-batch.js'
export { BENCHMARKS_DIR, createBenchmarkFiles } from './benchmarks/benchmark-files.js'
export type { BenchmarkFiles, SaveBenchmarkInput } from './benchmarks/benchmark-files.js'
