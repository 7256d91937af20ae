/** Close and save as the user asks for them: unsaved changes ask before they are dropped, a conflict asks how to settle. */
import { ApiError } from '../../api/api-error.js'
import { toasts } from '../../components/toast-store.js'
import { closeTab, isTabDirty, openSaved, saveTab } from '../../state/tab-actions.js'
import type { Workbench } from '../../state/workbench.js'
import { isConflict } from '../../state/workspace-store.js'
import { tabDialog } from './tab-dialog.js'

export function requestClose(workbench: Workbench, key: string): void {
  const tab = workbench.tabs.getState().tabs.find((t) => t.key === key)
  if (!tab) return
  if (isTabDirty(workbench, tab)) tabDialog.getState().show({ kind: 'close', key })
  else closeTab(workbench, key)
}

/** Ctrl+S: over the tab's file, or the name question for a tab that was never saved. */
export async function requestSave(workbench: Workbench, key: string): Promise<void> {
  const tab = workbench.tabs.getState().tabs.find((t) => t.key === key)
  if (!tab) return
  if (workbench.workspace.getState().status === 'unavailable') return
  if (!tab.savedPath) {
    tabDialog.getState().show({ kind: 'save-as', key })
    return
  }
  try {
    await saveTab(workbench, key)
  } catch (error) {
    if (isConflict(error)) tabDialog.getState().show({ kind: 'conflict', key })
    else toasts.getState().show(`Not saved: ${ApiError.fromUnknown(error).message}`)
  }
}

/** Ctrl+Shift+S: the name question, whether or not the tab was saved before. */
export function requestSaveAs(workbench: Workbench, key: string): void {
  if (workbench.workspace.getState().status !== 'ready') return
  if (workbench.tabs.getState().tabs.some((t) => t.key === key)) tabDialog.getState().show({ kind: 'save-as', key })
}

/** "Save as": a new path (refused when one exists there) or, after a conflict, over what is on disk now. */
export async function saveAs(workbench: Workbench, key: string, path: string): Promise<void> {
  try {
    await saveTab(workbench, key, { path })
    tabDialog.getState().show(null)
  } catch (error) {
    const problem = isConflict(error)
      ? `${path} exists already: choose another name.`
      : ApiError.fromUnknown(error).message
    tabDialog.getState().show({ kind: 'save-as', key, problem })
  }
}

export async function overwrite(workbench: Workbench, key: string): Promise<void> {
  try {
    await saveTab(workbench, key, { overwrite: true })
    tabDialog.getState().show(null)
  } catch (error) {
    // Changed again meanwhile: the question stays, and says why the overwrite did not happen.
    toasts.getState().show(`Not saved: ${ApiError.fromUnknown(error).message}`)
  }
}

/** Drops the tab's edits for the file as it is on disk now. */
export function reloadFromDisk(workbench: Workbench, key: string): void {
  const tab = workbench.tabs.getState().tabs.find((t) => t.key === key)
  const entry = workbench.workspace.getState().content?.requests.find((r) => r.path === tab?.savedPath)
  tabDialog.getState().show(null)
  if (!tab || !entry) return
  closeTab(workbench, key)
  workbench.tabs.setState((s) => ({ closed: s.closed.slice(0, -1) }))
  openSaved(workbench, entry.path, entry.revision, entry.request)
}
