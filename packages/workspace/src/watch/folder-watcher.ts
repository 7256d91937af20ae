/**
 * Notices changes made to a workspace folder behind the workbench's back (an editor, `git pull`, a file manager).
 * `fs.watch` with `recursive` is unreliable on Linux under Node 20, so chokidar watches the tree; events are
 * debounced into one call, since a `git pull` touches many files at once.
 */
import { watch } from 'chokidar'
import type { FSWatcher } from 'chokidar'
import type { Stats } from 'node:fs'
import { join } from 'node:path'

export interface FolderWatcher {
  /**
   * Whether every change from now on is reported: after chokidar's initial walk, and only while no watch error
   * occurred (an error may have lost events, so what was read before can no longer be trusted).
   */
  isWatching(): boolean
  close(): Promise<void>
}

export interface FolderWatcherOptions {
  dir: string
  /** Once per burst of changes, after the debounce. */
  onChange: () => void
  /** At every change as it is seen, before the debounce: what was read of the folder is stale from now on. */
  onEvent?: () => void
  debounceMs?: number
}

/** `.git` changes on every fetch and holds thousands of files; temp files of our own atomic writes come and go. */
function isIgnored(path: string, dir: string): boolean {
  const relative = path.slice(dir.length + 1)
  return relative
    .split('/')
    .some((segment) => segment === '.git' || segment === 'node_modules' || segment.startsWith('.wirebench-'))
}

export function watchFolder(options: FolderWatcherOptions): FolderWatcher {
  const { dir, onChange } = options
  const debounceMs = options.debounceMs ?? 75
  let timer: NodeJS.Timeout | undefined
  // Folders only: each folder's fs.watch reports what happens to the files in it (as raw events), and chokidar
  // setting up a watch per file cost about 0.6 s of CPU for 5,000 saved requests, just as the page was loading.
  const watcher: FSWatcher = watch(dir, {
    ignoreInitial: true,
    followSymlinks: false,
    depth: 10,
    ignored: (path: string, stats?: Stats) => isIgnored(path, dir) || stats?.isFile() === true,
  })
  let isReady = false
  let hasFailed = false
  const changed = () => {
    options.onEvent?.()
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      onChange()
    }, debounceMs)
  }
  watcher.on('all', changed)
  // Raw events come straight from a folder's fs.watch (a file in it added, changed, renamed or removed), before any
  // stat: a read that follows a change closely already knows its cached content is stale.
  watcher.on('raw', (_event: string, name: unknown, details: unknown) => {
    const folder = (details as { watchedPath?: unknown } | undefined)?.watchedPath
    if (typeof name === 'string' && typeof folder === 'string' && isIgnored(join(folder, name), dir)) return
    changed()
  })
  watcher.on('ready', () => {
    isReady = true
  })
  // A watcher error (a folder removed under it) must not end the process; the next rescan shows what is left.
  watcher.on('error', () => {
    hasFailed = true
    changed()
  })
  return {
    isWatching: () => isReady && !hasFailed,
    async close() {
      if (timer) clearTimeout(timer)
      await watcher.close()
    },
  }
}
