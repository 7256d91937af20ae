/**
 * Keeps the open tabs, the requests they hold and the active one in localStorage per workspace, so a reload (or the
 * next day) opens them again with unsaved edits intact.
 */
import type { SavedRequest } from '@wirebench/core'
import { loadPersisted, savePersisted, type PersistedSpec } from './persisted.js'
import { restoreRequest } from './request-capture.js'
import { captureTab } from './tab-actions.js'
import type { OpenTab } from './tabs-store.js'
import type { Workbench } from './workbench.js'

interface PersistedTabs {
  tabs: Array<{ tab: OpenTab; request: SavedRequest }>
  activeKey: string | null
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

function specFor(workspaceId: string): PersistedSpec<PersistedTabs> {
  return {
    key: `wirebench.tabs.${workspaceId}`,
    version: 1,
    validate: (data): data is PersistedTabs =>
      isObject(data) &&
      Array.isArray(data.tabs) &&
      data.tabs.every(
        (t) =>
          isObject(t) &&
          isObject(t.tab) &&
          typeof t.tab.key === 'string' &&
          isObject(t.tab.address) &&
          isObject(t.request) &&
          Array.isArray(t.request.messages),
      ),
  }
}

/** Debounce of writes: typing in a field does not serialise every tab on every key. */
const SAVE_DELAY_MS = 300

/** Loads the workspace's tabs into the page (replacing the open ones). */
export function loadTabs(workbench: Workbench, workspaceId: string): void {
  const saved = loadPersisted(specFor(workspaceId))
  const tabs = saved?.tabs ?? []
  for (const { tab, request } of tabs) restoreRequest(workbench, tab.key, request)
  workbench.tabs.getState().replaceAll(tabs.map((t) => t.tab))
  const activeKey = saved?.activeKey ?? null
  workbench.selection.getState().select(tabs.some((t) => t.tab.key === activeKey) ? activeKey : null)
}

export function saveTabs(workbench: Workbench, workspaceId: string): void {
  const tabs = workbench.tabs.getState().tabs.map((tab) => ({ tab, request: captureTab(workbench, tab) }))
  savePersisted(specFor(workspaceId), { tabs, activeKey: workbench.selection.getState().selectedKey })
}

/** Loads the active workspace's tabs now and whenever it changes; saves them (debounced) on every change. */
export function startTabsPersistence(workbench: Workbench): () => void {
  let workspaceId = workbench.workspace.getState().activeId
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    saveTabs(workbench, workspaceId)
  }
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(flush, SAVE_DELAY_MS)
  }
  loadTabs(workbench, workspaceId)
  const stops = [
    workbench.tabs.subscribe(schedule),
    workbench.drafts.subscribe(schedule),
    workbench.selection.subscribe((s, previous) => {
      if (s.selectedKey !== previous.selectedKey) schedule()
    }),
    workbench.workspace.subscribe((s) => {
      if (s.activeId === workspaceId) return
      if (timer !== undefined) flush()
      workspaceId = s.activeId
      loadTabs(workbench, workspaceId)
    }),
  ]
  window.addEventListener('pagehide', flush)
  return () => {
    window.removeEventListener('pagehide', flush)
    for (const stop of stops) stop()
    clearTimeout(timer)
  }
}
