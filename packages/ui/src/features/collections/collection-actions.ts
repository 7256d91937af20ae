/** What the collections sidebar does to saved requests: duplicate, delete (with Undo), and move or rename (with Undo). */
import type { SavedRequestEntry } from '@wirebench/core'
import { ApiError } from '../../api/api-error.js'
import { toasts } from '../../components/toast-store.js'
import type { Workbench } from '../../state/workbench.js'

function report(error: unknown): void {
  toasts.getState().show(ApiError.fromUnknown(error).message)
}

/** A free path next to `path`: `name-copy`, then `name-copy-2`… */
export function copyPathOf(path: string, taken: ReadonlySet<string>): string {
  let candidate = `${path}-copy`
  for (let n = 2; taken.has(candidate); n++) candidate = `${path}-copy-${n}`
  return candidate
}

export async function duplicateRequest(workbench: Workbench, entry: SavedRequestEntry): Promise<void> {
  const taken = new Set(workbench.workspace.getState().content?.requests.map((r) => r.path))
  const path = copyPathOf(entry.path, taken)
  const name = path.slice(path.lastIndexOf('/') + 1)
  try {
    await workbench.workspace.getState().saveRequest(path, { ...entry.request, name })
  } catch (error) {
    report(error)
  }
}

export async function deleteRequest(workbench: Workbench, entry: SavedRequestEntry): Promise<void> {
  const { workspace } = workbench
  try {
    await workspace.getState().deleteRequest(entry.path)
  } catch (error) {
    report(error)
    return
  }
  toasts.getState().show(`Deleted ${entry.path}`, {
    label: 'Undo',
    run: () => void workspace.getState().saveRequest(entry.path, entry.request).catch(report),
  })
}

/** Where `path` (a request or a folder) lands when moved into `folder` (`''` is the top level), or why it cannot. */
export function pathInFolder(path: string, folder: string): { to: string } | { refusal: string } {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const to = folder ? `${folder}/${name}` : name
  if (folder === path || folder.startsWith(`${path}/`)) {
    return { refusal: `${path} cannot move into itself.` }
  }
  return { to }
}

export async function moveIntoFolder(workbench: Workbench, path: string, folder: string): Promise<void> {
  const target = pathInFolder(path, folder)
  if ('refusal' in target) return toasts.getState().show(target.refusal)
  if (target.to === path) return
  await moveRequest(workbench, path, target.to)
}

async function movePath(workbench: Workbench, from: string, to: string): Promise<boolean> {
  try {
    await workbench.workspace.getState().move(from, to)
  } catch (error) {
    report(error)
    return false
  }
  // Open tabs follow the file: their next save goes to the new path.
  const { tabs } = workbench
  for (const tab of tabs.getState().tabs) {
    const path = tab.savedPath
    if (!path || (path !== from && !path.startsWith(`${from}/`))) continue
    const moved = `${to}${path.slice(from.length)}`
    const entry = workbench.workspace.getState().content?.requests.find((r) => r.path === moved)
    tabs
      .getState()
      .update(tab.key, { savedPath: moved, title: moved.slice(moved.lastIndexOf('/') + 1), revision: entry?.revision })
  }
  return true
}

/** Moves or renames a request or folder; the toast's Undo moves it back (and the tabs with it). */
export async function moveRequest(workbench: Workbench, from: string, to: string): Promise<void> {
  if (!(await movePath(workbench, from, to))) return
  toasts.getState().show(`Moved ${from} to ${to}`, {
    label: 'Undo',
    run: () => void movePath(workbench, to, from),
  })
}
