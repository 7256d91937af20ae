/**
 * Starts the workspace side of the page: the active workspace's content (and a poll for changes made on disk), its
 * tabs from localStorage, and a tab for every method the Services list opens.
 */
import { ensureMethodTab } from './tab-actions.js'
import { startTabsPersistence } from './tabs-persistence.js'
import { startWorkspacePolling } from './workspace-store.js'
import type { Workbench } from './workbench.js'

export function startWorkspaces(workbench: Workbench): () => void {
  const { workspace, selection } = workbench
  void workspace.getState().refresh()
  const stopPolling = startWorkspacePolling(workspace)
  const stopPersistence = startTabsPersistence(workbench)
  const opened = selection.getState().selectedKey
  if (opened) ensureMethodTab(workbench, opened)
  const stopSelection = selection.subscribe((s, previous) => {
    if (s.selectedKey && s.selectedKey !== previous.selectedKey) ensureMethodTab(workbench, s.selectedKey)
  })
  return () => {
    stopSelection()
    stopPersistence()
    stopPolling()
  }
}
