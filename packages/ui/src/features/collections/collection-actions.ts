/** What the collections sidebar does to saved requests: duplicate, delete (with Undo), and move or rename. */
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

export async function moveRequest(workbench: Workbench, from: string, to: string): Promise<void> {
  try {
    await workbench.workspace.getState().move(from, to)
  } catch (error) {
    report(error)
    return
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
}
