/**
 * Notices changes made to a workspace folder behind the workbench's back (an editor, `git pull`, a file manager).
 * `fs.watch` with `recursive` is unreliable on Linux under Node 20, so chokidar watches the tree; events are
 * debounced into one call, since a `git pull` touches many files at once.
 */
import { watch } from 'chokidar'
import type { FSWatcher } from 'chokidar'

export interface FolderWatcher {
  close(): Promise<void>
}

export interface FolderWatcherOptions {
  dir: string
  onChange: () => void
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
  const watcher: FSWatcher = watch(dir, {
    ignoreInitial: true,
    followSymlinks: false,
    depth: 10,
    ignored: (path: string) => isIgnored(path, dir),
  })
  const changed = () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      onChange()
    }, debounceMs)
  }
  watcher.on('all', changed)
  // A watcher error (a folder removed under it) must not end the process; the next rescan shows what is left.
  watcher.on('error', () => undefined)
  return {
    async close() {
      if (timer) clearTimeout(timer)
      await watcher.close()
    },
  }
}
