/**
 * What the user does with tabs: open a discovered method, a saved request or a request of its own (history,
 * import), close and reopen, step through them, and save. The tabs store keeps the list; the drafts hold the
 * requests; the selection says which tab is active.
 */
import type { SavedRequest } from '@wirebench/core'
import { captureRequest, requestFingerprint, restoreRequest, withUnheldFields } from './request-capture.js'
import type { RequestAddress } from './request-address.js'
import { newTabKey, savedTabKey, type OpenTab } from './tabs-store.js'
import type { Workbench } from './workbench.js'

/** The address inside a catalog method key (`JSON.stringify([protocol, origin, service, method])`). */
export function addressFromMethodKey(key: string): RequestAddress | undefined {
  try {
    const parts: unknown = JSON.parse(key)
    if (!Array.isArray(parts) || parts.length !== 4 || !parts.every((p) => typeof p === 'string')) return undefined
    const [protocol, url, service, method] = parts as [string, string, string, string]
    return { protocol, url, service, method }
  } catch {
    return undefined
  }
}

export function captureTab(workbench: Workbench, tab: OpenTab): SavedRequest {
  return captureRequest(workbench, tab.key, tab.address, tab.title)
}

export function isTabDirty(workbench: Workbench, tab: OpenTab): boolean {
  return requestFingerprint(captureTab(workbench, tab)) !== tab.baseline
}

/** A tab for the method the Services list opened (the selection already points at it). */
export function ensureMethodTab(workbench: Workbench, key: string): void {
  const { tabs } = workbench
  if (tabs.getState().tabs.some((t) => t.key === key)) return
  const address = addressFromMethodKey(key)
  if (!address) return
  const tab: OpenTab = { key, address, title: address.method, baseline: '' }
  tab.baseline = requestFingerprint(captureTab(workbench, tab))
  tabs.getState().open(tab)
}

function titleOf(path: string): string {
  return path.split('/').at(-1) ?? path
}

/** Opens a saved request (or shows its tab when it is open already). */
export function openSaved(workbench: Workbench, path: string, revision: string, request: SavedRequest): void {
  // A tab saved under this path (Save as from a method's own tab) is the request's tab.
  const key = workbench.tabs.getState().tabs.find((t) => t.savedPath === path)?.key ?? savedTabKey(path)
  if (!workbench.tabs.getState().tabs.some((t) => t.key === key)) {
    restoreRequest(workbench, key, request)
    workbench.tabs.getState().open({
      key,
      address: addressOfSaved(request),
      title: titleOf(path),
      savedPath: path,
      revision,
      baseline: requestFingerprint(request),
    })
  }
  workbench.selection.getState().select(key)
}

/** Opens a request that is not saved yet (from history or an import) in a new tab. */
export function openUnsaved(workbench: Workbench, request: SavedRequest): void {
  const key = newTabKey()
  restoreRequest(workbench, key, request)
  workbench.tabs.getState().open({
    key,
    address: addressOfSaved(request),
    title: request.name || request.method,
    baseline: requestFingerprint(request),
    ...(request.auth && request.auth.mode !== 'inherit' ? { auth: request.auth } : {}),
  })
  workbench.selection.getState().select(key)
}

export function addressOfSaved(request: SavedRequest): RequestAddress {
  return { protocol: request.protocol, url: request.url, service: request.service, method: request.method }
}

/** Closes a tab (the caller asked about unsaved changes) and activates its neighbour. */
export function closeTab(workbench: Workbench, key: string): void {
  const { tabs, selection } = workbench
  const list = tabs.getState().tabs
  const index = list.findIndex((t) => t.key === key)
  const tab = list[index]
  if (!tab) return
  tabs.getState().close(key, captureTab(workbench, tab))
  if (selection.getState().selectedKey === key) {
    const next = list[index + 1] ?? list[index - 1]
    selection.getState().select(next && next.key !== key ? next.key : null)
  }
}

/** Ctrl+Shift+T: the last closed tab comes back with the request it held. */
export function reopenClosed(workbench: Workbench): void {
  const closed = workbench.tabs.getState().takeClosed()
  if (!closed) return
  restoreRequest(workbench, closed.tab.key, closed.request)
  workbench.tabs.getState().open(closed.tab)
  workbench.selection.getState().select(closed.tab.key)
}

/** The tab `step` places after (or before) the active one, wrapping around. */
export function stepTab(workbench: Workbench, step: number): void {
  const list = workbench.tabs.getState().tabs
  if (list.length === 0) return
  const index = list.findIndex((t) => t.key === workbench.selection.getState().selectedKey)
  const next = list[((((index < 0 ? 0 : index) + step) % list.length) + list.length) % list.length]
  if (next) workbench.selection.getState().select(next.key)
}

/**
 * Saves a tab: over its file (naming the revision it was opened at, so a change made elsewhere comes back as a
 * conflict), or as `path` when given ("Save as", or the first save of a new tab).
 */
export async function saveTab(
  workbench: Workbench,
  key: string,
  options: { path?: string; overwrite?: boolean } = {},
): Promise<void> {
  const tab = workbench.tabs.getState().tabs.find((t) => t.key === key)
  if (!tab) return
  const path = options.path ?? tab.savedPath
  if (!path) return
  const request = captureRequest(workbench, key, tab.address, titleOf(path))
  const isSameFile = path === tab.savedPath
  // Overwriting after a conflict names the revision on disk now (read afresh: the poll may not have seen the change);
  // a new path is created (refused if it exists).
  if (options.overwrite) await workbench.workspace.getState().refresh()
  const current = workbench.workspace.getState().content?.requests.find((r) => r.path === path)
  const baseRevision = isSameFile ? (options.overwrite ? current?.revision : tab.revision) : undefined
  // The pane does not hold the request's auth, notes or options such as a timeout (set in the sidebar's dialogs): a
  // save keeps the file's, "Save as" the original's, and a first save writes the auth an import gave the tab.
  const original = workbench.workspace.getState().content?.requests.find((r) => r.path === tab.savedPath)
  // Assertions live in the file too (the Assertions dialog writes them): a save keeps them, "Save as" copies them.
  const base = isSameFile ? current?.request : original?.request
  const merged = withUnheldFields(request, base)
  if (tab.savedPath === undefined && tab.auth) merged.auth = tab.auth
  const entry = await workbench.workspace.getState().saveRequest(path, merged, baseRevision)
  workbench.tabs.getState().update(key, {
    savedPath: path,
    title: titleOf(path),
    revision: entry?.revision,
    baseline: requestFingerprint(request),
  })
}
