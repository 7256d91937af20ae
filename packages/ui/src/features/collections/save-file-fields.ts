/**
 * Saves fields of a saved request that its tab's pane does not hold (auth, assertions, notes, timeout), written by the
 * sidebar's dialogs: over the revision the dialog read, after which an open tab that held that revision moves to the
 * new one, so its next Ctrl+S is not refused as a change made elsewhere.
 */
import type { SavedRequest, SavedRequestEntry } from '@wirebench/core'
import type { Workbench } from '../../state/workbench.js'

export async function saveFileFields(
  workbench: Workbench,
  entry: SavedRequestEntry,
  request: SavedRequest,
): Promise<void> {
  const saved = await workbench.workspace.getState().saveRequest(entry.path, request, entry.revision)
  const tab = workbench.tabs.getState().tabs.find((t) => t.savedPath === entry.path && t.revision === entry.revision)
  if (tab && saved) workbench.tabs.getState().update(tab.key, { revision: saved.revision })
}
